import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../server/http/csv';

describe('CSV export cells', () => {
  it('quotes separators, quotes and line breaks, and keeps numbers as numbers', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', -12.5, null, undefined])).toBe(
      'a,"b,c","say ""hi""","two\nlines",-12.5,,\r\n',
    );
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    for (const evil of ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd']) {
      expect(csvCell(evil).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('plain')).toBe('plain');
  });
});
