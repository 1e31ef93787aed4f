import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './audit-csv.ts';

describe('audit CSV', () => {
  it('neutralises spreadsheet formulas and quotes as RFC 4180 says', () => {
    for (const f of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(f).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ name: '=x' })).toBe('"{""name"":""=x""}"');
    expect(csvLine(['a', 1])).toBe('a,1\r\n');
  });
});
