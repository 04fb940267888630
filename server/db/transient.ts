/**
 * Database failures that say nothing about the request: the connection was lost or refused, a lock or
 * statement timed out, a deadlock or serialization failure chose this transaction, the server is
 * shutting down or out of connections. The same request may succeed a moment later, so the caller is
 * told to try again (503 TRY_AGAIN); a retry with the same request id gets the original answer, since
 * every movement of money is keyed (docs/money.md).
 *
 * The one definition of "transient", for the ledger's own statements and for every other query (the
 * global error handler), from node-postgres, PGlite, or either wrapped by Drizzle.
 */

/** SQLSTATEs that are transient whatever their class. */
const RETRYABLE_STATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout, NOWAIT)
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown (the backend was terminated)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

/** Class 08: connection exceptions (08000, 08003, 08006, 08001, 08004, 08P01...). */
const CONNECTION_CLASS = '08';

/** Socket errors of the driver's connection. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTCONN',
]);

/** What node-postgres, its pool and PGlite say when the connection is gone or none could be had. */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /client was closed/i,
  /client has encountered a connection error/i,
  /timeout exceeded when trying to connect/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and the errors it wraps (`cause`), outermost first; a few levels at most. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && out.length < 5) {
    out.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return out;
}

export function isRetryableSqlState(state: string): boolean {
  return RETRYABLE_STATES.has(state) || state.startsWith(CONNECTION_CLASS);
}

/** True when the failure is the database's or the connection's, and the same request may be sent again. */
export function isTransientDatabaseError(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^[0-9A-Z]{5}$/.test(code) && isRetryableSqlState(code)) return true;
    if (SOCKET_CODES.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * What may be logged of a database failure: its SQLSTATE or socket code and the driver's own message,
 * never the statement's text or parameters (Drizzle's wrapper carries both in its message).
 */
export function describeDatabaseError(error: unknown): { code: string | null; message: string } {
  const links = chain(error);
  const root = links[links.length - 1];
  const coded = links.find((e) => typeof e.code === 'string');
  const message = typeof root?.message === 'string' ? root.message : '';
  return {
    code: coded ? String(coded.code) : null,
    message: message && !message.startsWith('Failed query:') ? message : 'database failure',
  };
}
