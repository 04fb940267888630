import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A secret this installation made for itself: created on first use, then read back, so restarts and
 * other processes share it and no operator has to invent one.
 */
export async function installationSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
