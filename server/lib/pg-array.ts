const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal of text values, to send a whole list as one parameter. Every element is
 * quoted, so commas, braces, quotes and backslashes inside the values stay data; null is SQL NULL.
 */
export function textArrayLiteral(values: readonly (string | null)[]) {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v === null) {
      out += i === 0 ? 'NULL' : ',NULL';
      continue;
    }
    // Most values (keys, round ids, hashes) need no escaping; the hot path skips the two replacements.
    const quoted = NEEDS_ESCAPE.test(v) ? v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : v;
    out += i === 0 ? `"${quoted}"` : `,"${quoted}"`;
  }
  return `${out}}`;
}

/** A PostgreSQL array literal of integers. */
export const integerArrayLiteral = (values: number[]) => `{${values.join(',')}}`;

/** An integer[] column as either driver gives it back: an array, or PGlite's text form '{1,2}'. */
export const integerArrayOf = (value: Array<number | string> | string): number[] =>
  (typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : value).map(Number);
