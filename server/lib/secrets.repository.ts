import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from './secrets.tables';

/** The secrets an installation makes for itself, stored sealed. */
export class SecretsRepository {
  constructor(private readonly db: Database) {}

  async read(name: string) {
    const [row] = await this.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
    return row;
  }

  /** Stores a secret unless one of that name exists (the first of two racing inserts wins). */
  async insertIfMissing(name: string, value: string) {
    await this.db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
  }

  async replace(name: string, value: string) {
    await this.db.update(serverSecrets).set({ value }).where(eq(serverSecrets.name, name));
  }
}
