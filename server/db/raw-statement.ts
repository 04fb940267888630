import type { Database } from './client';

export type RawRunner = (name: string, text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * node-postgres gets named statements (parsed and planned once per connection); PGlite gets its own
 * parameterised query. Either way the values travel as parameters, never in the text.
 */
export function rawRunner(db: Database): RawRunner | null {
  const client = (db as unknown as { $client?: unknown }).$client as
    | { totalCount?: number; query: (...args: unknown[]) => Promise<{ rows: unknown[] }> }
    | undefined;
  if (!client || typeof client.query !== 'function') return null;
  if (typeof client.totalCount === 'number') {
    return (name, text, values) => client.query({ name, text, values });
  }
  return (_name, text, values) => client.query(text, values);
}

/** Only for a database without a reachable driver: literals quoted the way PostgreSQL reads them. */
export function bind(text: string, values: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = values[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
}
