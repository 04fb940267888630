/**
 * Whether `error` is PostgreSQL's unique violation (23505) on the index named `index`, as PGlite and
 * node-postgres report it (the driver's error, or Drizzle's wrapping it as `cause`).
 */
export function isUniqueViolation(error: unknown, index: string) {
  const e = error as {
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string; constraint?: string };
  };
  const state = e.cause?.code ?? e.code;
  return (
    state === '23505' &&
    `${e.cause?.message ?? ''} ${e.message ?? ''} ${e.cause?.constraint ?? ''}`.includes(index)
  );
}
