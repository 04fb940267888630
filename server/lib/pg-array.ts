const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal of text values, to send a whole list as one parameter. Every element is
 * quoted, so commas, braces, quotes and backslashes inside the values stay data.
 */
export function textArrayLiteral(values: string[]) {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // Most values (keys, round ids, hashes) need no escaping; the hot path skips the two replacements.
    const quoted = NEEDS_ESCAPE.test(v) ? v.replaceAll('\\', '\\\\').replaceAll('"', '\\"') : v;
    out += i === 0 ? `"${quoted}"` : `,"${quoted}"`;
  }
  return `${out}}`;
}

/** A PostgreSQL array literal of integers. */
export const integerArrayLiteral = (values: number[]) => `{${values.join(',')}}`;
