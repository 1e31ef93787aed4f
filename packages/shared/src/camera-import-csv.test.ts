import { describe, expect, it } from 'vitest';
import { checkImportCsv, checkImportRow, csvImportRows, parseCsv } from './camera-import-csv.ts';

describe('the camera import CSV parser', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF, LF and CR, and a BOM', () => {
    const csv = '\uFEFFa,"b,c","say ""hi"""\r\n"multi\r\nline",x\ny,z\rlast,"",';
    expect(parseCsv(csv)).toEqual([
      { line: 1, cells: ['a', 'b,c', 'say "hi"'] },
      { line: 2, cells: ['multi\r\nline', 'x'] },
      { line: 4, cells: ['y', 'z'] },
      { line: 5, cells: ['last', '', ''] },
    ]);
  });

  it('keeps a quote inside an unquoted field and flags a quote never closed', () => {
    expect(parseCsv('ab"c,d')).toEqual([{ line: 1, cells: ['ab"c', 'd'] }]);
    expect(parseCsv('ok,1\n"open,2\nmore')).toEqual([
      { line: 1, cells: ['ok', '1'] },
      { line: 2, cells: ['open,2\nmore'], error: 'a quoted field is never closed' },
    ]);
  });

  it('skips the header row and blank lines, numbering lines as the file does', () => {
    const rows = csvImportRows(
      'Name,URL,username,password,recording mode\r\n\r\nA,rtsp://h/a\r\n , \r\nB,rtsp://h/b\r\n',
    );
    expect(rows.map((r) => [r.line, r.cells[0]])).toEqual([
      [3, 'A'],
      [5, 'B'],
    ]);
    // Without a header the first line is a camera.
    expect(csvImportRows('A,rtsp://h/a').map((r) => r.line)).toEqual([1]);
  });
});

describe('checking a camera line', () => {
  it('a good line: the type from the scheme, the mode defaulting to continuous', () => {
    expect(
      checkImportRow(2, { name: ' Door ', url: 'rtsp://10.0.0.5/s', username: 'admin', password: 'p,w"' }),
    ).toEqual({
      line: 2,
      name: 'Door',
      row: {
        name: 'Door',
        type: 'rtsp',
        url: 'rtsp://10.0.0.5/s',
        username: 'admin',
        password: 'p,w"',
        recordingMode: 'continuous',
      },
    });
    expect(checkImportRow(3, { name: 'M', url: 'http://10.0.0.6/mjpg', recordingMode: 'Motion' }).row).toMatchObject({
      type: 'mjpeg',
      recordingMode: 'motion',
    });
  });

  it('says what is wrong with a bad line', () => {
    const error = (input: Parameters<typeof checkImportRow>[1]) => checkImportRow(1, input).error;
    expect(error({ url: 'rtsp://h/a' })).toBe('The name is missing.');
    expect(error({ name: 'x'.repeat(81), url: 'rtsp://h/a' })).toBe('The name is longer than 80 characters.');
    expect(error({ name: 'A' })).toBe('The URL is missing.');
    expect(error({ name: 'A', url: 'not a url' })).toMatch(/must start with rtsp:\/\//);
    expect(error({ name: 'A', url: 'ftp://h/a' })).toMatch(/must start with rtsp:\/\//);
    expect(error({ name: 'A', url: 'rtsp://h/a b' })).toBe('The URL must not contain spaces or control characters.');
    expect(error({ name: 'A', url: 'rtsp://h/a', recordingMode: 'sometimes' })).toBe(
      'Unknown recording mode “sometimes”: use continuous, motion or off.',
    );
    expect(error({ name: 'A', url: 'rtsp://h/a', password: 'x'.repeat(201) })).toMatch(/^The password is not valid/);
    expect(error({ name: 'A', url: 'rtsp://h/a', username: 'a\r\nX-Evil: 1' })).toBe(
      'The user name must not contain control characters (line breaks, tabs).',
    );
    expect(error({ name: 'A', url: 'rtsp://h/a', password: 'p\nw' })).toBe(
      'The password must not contain control characters (line breaks, tabs).',
    );
  });

  it('a formula in a cell is kept as text (neutralised only where Vigil writes CSV)', () => {
    const [line] = checkImportCsv('"=cmd|\' /C calc\'!A0",rtsp://10.0.0.5/s');
    expect(line!.row?.name).toBe("=cmd|' /C calc'!A0");
  });

  it('too many columns and an unclosed quote are the line’s error', () => {
    const lines = checkImportCsv('A,rtsp://h/a,u,p,off,extra\n"B,rtsp://h/b');
    expect(lines[0]!.error).toMatch(/^Too many columns \(6\)/);
    expect(lines[1]!.error).toBe('This line is not valid CSV: a quoted field is never closed.');
  });
});
