import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Turns rows read with plain SQL (`SELECT * FROM table`, columns by their database names) into the
 * table's typed rows, each value through its column's own mapping, as drizzle's select does. For reads of
 * thousands of rows: drizzle's select checks every value's field kind as it maps it, which cost more than
 * the query.
 */
export function rowMapper<T extends PgTable>(
  table: T,
): (row: Record<string, unknown>) => InferSelectModel<T> {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    name: column.name,
    map: (value: unknown) => column.mapFromDriverValue(value),
  }));
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const c of columns) {
      const value = row[c.name];
      out[c.key] = value === null || value === undefined ? null : c.map(value);
    }
    return out as InferSelectModel<T>;
  };
}
