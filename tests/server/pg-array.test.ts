import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { integerArrayLiteral, textArrayLiteral } from '../../server/lib/pg-array';

describe('array literals sent as one parameter', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('reads back every text value as it was, whatever it holds', async () => {
    const values = [
      'plain',
      '',
      'NULL',
      'with "quotes"',
      'back\\slash \\" both',
      '{braces}, commas',
      ' spaced ',
      '{"vendor":"BGS","round":"r-1"}',
      'olá ✓',
    ];
    const { rows } = await db.query<{ v: string[] }>('SELECT $1::text[] AS v', [textArrayLiteral(values)]);
    expect(rows[0]!.v).toEqual(values);
    const empty = await db.query<{ n: number | null }>('SELECT array_length($1::text[], 1) AS n', [
      textArrayLiteral([]),
    ]);
    expect(empty.rows[0]!.n).toBeNull();
  });

  it('sends a missing value as NULL, apart from the text "NULL"', async () => {
    const values = [null, 'NULL', 'a', null];
    const { rows } = await db.query<{ v: (string | null)[] }>('SELECT $1::text[] AS v', [
      textArrayLiteral(values),
    ]);
    expect(rows[0]!.v).toEqual(values);
  });

  it('reads back integers, negative and large', async () => {
    const values = [0, -1, 42, 9_007_199_254_740_991];
    const { rows } = await db.query<{ v: string[] }>('SELECT $1::bigint[]::text[] AS v', [
      integerArrayLiteral(values),
    ]);
    expect(rows[0]!.v.map(Number)).toEqual(values);
  });
});
