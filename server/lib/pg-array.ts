/**
 * A PostgreSQL array literal of text values, to send a whole list as one parameter. Every element is
 * quoted, so commas, braces, quotes and backslashes inside the values stay data.
 */
export const textArrayLiteral = (values: string[]) =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/** A PostgreSQL array literal of integers. */
export const integerArrayLiteral = (values: number[]) => `{${values.join(',')}}`;
