import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { textArrayLiteral } from '../../lib/pg-array';

/** PostgreSQL NOTIFY on one channel: how every server process hears what another published. */
export class NotificationsRepository {
  constructor(
    private readonly db: Database,
    private readonly channel: string,
  ) {}

  async notify(payload: string) {
    await this.db.execute(sql`SELECT pg_notify(${this.channel}, ${payload})`);
  }

  /** Several notifications in one round trip. */
  async notifyAll(payloads: string[]) {
    await this.db.execute(
      sql`SELECT pg_notify(${this.channel}, p) FROM unnest(${textArrayLiteral(payloads)}::text[]) AS p`,
    );
  }
}
