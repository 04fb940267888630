import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import type { SecretBox } from './secret-box';
import { SecretsRepository } from './secrets.repository';

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
  const secrets = new SecretsRepository(db);
  let row = await secrets.read(name);
  if (!row) {
    // Two processes starting together may both make one; the first insert wins and both read it back.
    await secrets.insertIfMissing(name, SEALED + master.seal(make()));
    row = (await secrets.read(name))!;
  }
  if (!row.value.startsWith(SEALED)) {
    // Kept in plain text by an older version: seal it where it lies.
    await secrets.replace(name, SEALED + master.seal(row.value));
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
