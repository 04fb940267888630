import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteOptions } from './route';

/** An export stops here; the response says so in its X-Export-Truncated header. */
export const CSV_EXPORT_MAX_ROWS = 50_000;

type Cell = string | number | null | undefined;

/**
 * One CSV cell. Quoted when it holds a separator, a quote or a line break; text starting with = + - @ or
 * a tab is prefixed with a quote mark, so a spreadsheet shows it instead of running it as a formula.
 * Numbers are written as they are (negative amounts stay numbers).
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Pages of rows, each asked for after the one before, until a short page or the row limit. */
export async function* pagedRows<T>(
  fetchPage: (page: number, pageSize: number) => Promise<T[]>,
  pageSize = 1_000,
): AsyncGenerator<T> {
  let sent = 0;
  for (let page = 1; ; page++) {
    const rows = await fetchPage(page, pageSize);
    for (const row of rows) {
      if (sent++ >= CSV_EXPORT_MAX_ROWS) return;
      yield row;
    }
    if (rows.length < pageSize) return;
  }
}

interface ExportableEndpoint {
  method: 'GET';
  path: string;
  query: z.ZodType;
}

/**
 * A report's CSV export at `<path>.csv`: the same query as the report (its paging is ignored), every
 * matching row up to CSV_EXPORT_MAX_ROWS, with a header in the caller's language. UTF-8 with a byte
 * order mark, so spreadsheets read accents right.
 */
export function defineCsvExport<E extends ExportableEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions & { filename: string },
  handler: (input: { query: z.output<E['query']>; request: FastifyRequest }) => Promise<{
    header: string[];
    rows: AsyncIterable<Cell[]>;
  }>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${endpoint.path}.csv`,
    config: {
      ...(options.auth ? { auth: options.auth } : {}),
      ...(options.permission ? { permission: options.permission } : {}),
      ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    },
    schema: {
      summary: `${options.summary} (CSV)`,
      tags: options.tags,
      ...(options.auth === 'member' || options.auth === 'operator' ? { security: [{ bearer: [] }] } : {}),
      querystring: endpoint.query,
    },
    handler: async (request, reply) => {
      const { header, rows } = await handler({ query: request.query as z.output<E['query']>, request });
      let body = `\uFEFF${csvLine(header)}`;
      let count = 0;
      for await (const row of rows) {
        body += csvLine(row);
        count++;
      }
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${options.filename}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(count))
        .header('X-Export-Truncated', count >= CSV_EXPORT_MAX_ROWS ? '1' : '0')
        .send(body);
    },
  });
}
