import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvTable } from './csv.ts';

describe('CSV cells (audit and analytics exports)', () => {
  it('neutralises spreadsheet formulas and quotes as RFC 4180 says', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(f).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ name: '=x' })).toBe('"{""name"":""=x""}"');
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });

  it('writes numbers as numbers, a negative one included', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('makes a table of a header and rows', () => {
    expect(csvTable(['a', 'b'], [['=x', 2]])).toBe("a,b\r\n'=x,2\r\n");
  });
});
