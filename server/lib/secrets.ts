import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';
import type { SecretBox } from './secret-box';

/** The database's secrets were sealed under another master key: the server must not start. */
export class MasterKeyMismatchError extends Error {}

/** Stored values sealed under the master key start with this; older installations kept plain text. */
const SEALED = 'mk1.';

/**
 * A secret this installation made for itself: created on first use, then read back, so restarts and
 * other processes share it and no operator has to invent one. It is kept sealed under the master key, so
 * a copy of the database alone reveals none of them. `make` runs only when it is missing.
 */
export async function installationSecret(
  db: Database,
  master: SecretBox,
  name: string,
  make: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const read = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)))[0];
  let row = await read();
  if (!row) {
    // Two processes starting together may both make one; the first insert wins and both read it back.
    await db
      .insert(serverSecrets)
      .values({ name, value: SEALED + master.seal(make()) })
      .onConflictDoNothing();
    row = (await read())!;
  }
  if (!row.value.startsWith(SEALED)) {
    // Kept in plain text by an older version: seal it where it lies.
    await db
      .update(serverSecrets)
      .set({ value: SEALED + master.seal(row.value) })
      .where(eq(serverSecrets.name, name));
    return row.value;
  }
  try {
    return master.open(row.value.slice(SEALED.length));
  } catch {
    throw new MasterKeyMismatchError(
      `Server secret "${name}" was sealed with another master key: start with the MASTER_KEY this database was set up with.`,
    );
  }
}
