import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A secret this installation made for itself: created on first use, then read back, so restarts and
 * other processes share it and no operator has to invent one. `make` runs only when it is missing.
 */
export async function installationSecret(
  db: Database,
  name: string,
  make: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const read = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)))[0];
  const existing = await read();
  if (existing) return existing.value;
  // Two processes starting together may both make one; the first insert wins and both read it back.
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  return (await read())!.value;
}
