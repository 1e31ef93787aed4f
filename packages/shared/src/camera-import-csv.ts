import { CAMERA_IMPORT_COLUMNS } from './contracts/camera-import-values.ts';
import { type RecordingMode, cameraSourceInputSchema, createCameraSchema } from './contracts/cameras.ts';

/**
 * The CSV of a bulk camera import, parsed the same way by the server (authoritative) and
 * the page (a preview). RFC 4180 and what spreadsheets actually write: an optional byte-order mark,
 * CRLF, LF or CR line ends, quoted fields holding commas, quotes ("") and line breaks. Columns:
 * name, url, username, password, recording mode; a first row naming them is a header and skipped.
 */

export interface CsvRecord {
  /** The line of the file the record starts on (1-based; a quoted line break makes a record span lines). */
  line: number;
  cells: string[];
  /** A quote left open to the end of the file. */
  error?: string;
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const start = line;
    const cells: string[] = [];
    let cell = '';
    let error: string | undefined;
    for (;;) {
      const c = src[i];
      if (c === undefined) {
        cells.push(cell);
        break;
      }
      if (c === '"' && cell === '') {
        // A quoted field: up to the quote that is not doubled.
        i += 1;
        let closed = false;
        while (i < src.length) {
          const q = src[i]!;
          if (q === '"') {
            if (src[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            closed = true;
            break;
          }
          if (q === '\n' || (q === '\r' && src[i + 1] !== '\n')) line += 1;
          cell += q;
          i += 1;
        }
        if (!closed) error = 'a quoted field is never closed';
        // Anything between the closing quote and the next comma is kept, as spreadsheets do.
        while (i < src.length && src[i] !== ',' && src[i] !== '\n' && src[i] !== '\r') cell += src[i++];
        continue;
      }
      if (c === ',') {
        cells.push(cell);
        cell = '';
        i += 1;
        continue;
      }
      if (c === '\r' || c === '\n') {
        cells.push(cell);
        i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
        line += 1;
        break;
      }
      cell += c;
      i += 1;
    }
    out.push(error ? { line: start, cells, error } : { line: start, cells });
  }
  return out;
}

/** One line as typed, before it is checked: the page's rows of found devices arrive like this too. */
export interface CameraImportRowInput {
  name?: string;
  url?: string;
  username?: string;
  password?: string;
  recordingMode?: string;
}

export interface CameraImportLine {
  line: number;
  /** The name as typed (for the report), also when the line is refused. */
  name: string;
  row?: {
    name: string;
    type: 'rtsp' | 'mjpeg';
    url: string;
    username: string | null;
    password: string | null;
    recordingMode: RecordingMode;
  };
  error?: string;
}

const isHeader = (cells: string[]) =>
  (cells[0] ?? '').trim().toLowerCase() === 'name' && (cells[1] ?? '').trim().toLowerCase() === 'url';

/** The records that are camera lines: the header row and blank lines are not. */
export function csvImportRows(csv: string): { line: number; cells: string[]; error?: string }[] {
  const records = parseCsv(csv).filter((r) => r.error || r.cells.some((c) => c.trim() !== ''));
  return records.length && !records[0]!.error && isHeader(records[0]!.cells) ? records.slice(1) : records;
}

const MODE_ALIASES: Record<string, RecordingMode> = {
  '': 'continuous',
  continuous: 'continuous',
  motion: 'motion',
  'on motion': 'motion',
  off: 'off',
};

/** Checks one line with the camera form's own rules; never throws, a refusal is words. */
export function checkImportRow(line: number, input: CameraImportRowInput): CameraImportLine {
  const name = (input.name ?? '').trim();
  const fail = (error: string): CameraImportLine => ({ line, name, error });
  if (!name) return fail('The name is missing.');
  if (!createCameraSchema.shape.name.safeParse(name).success) return fail('The name is longer than 80 characters.');
  const url = (input.url ?? '').trim();
  if (!url) return fail('The URL is missing.');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const type =
    scheme === 'rtsp' || scheme === 'rtsps' ? 'rtsp' : scheme === 'http' || scheme === 'https' ? 'mjpeg' : null;
  if (!type) return fail('The URL must start with rtsp://, rtsps:// (a stream) or http(s):// (MJPEG).');
  const username = input.username?.trim() || null;
  const password = input.password ? input.password : null;
  const source = cameraSourceInputSchema.safeParse(
    type === 'rtsp' ? { type, url, username: username ?? undefined, password: password ?? undefined } : { type, url },
  );
  if (!source.success) {
    const issue = source.error.issues[0];
    const field = issue?.path[0] === 'username' ? 'username' : issue?.path[0] === 'password' ? 'password' : 'URL';
    const why = issue?.message ?? '';
    if (/^the /.test(why)) return fail(`The ${why.slice(4)}.`);
    return fail(/^must /.test(why) ? `The ${field} ${why}.` : `The ${field} is not valid (${why.slice(0, 100)}).`);
  }
  const mode = MODE_ALIASES[(input.recordingMode ?? '').trim().toLowerCase()];
  if (!mode)
    return fail(
      `Unknown recording mode “${(input.recordingMode ?? '').trim().slice(0, 40)}”: use continuous, motion or off.`,
    );
  return { line, name, row: { name, type, url, username, password, recordingMode: mode } };
}

/** Every line of a CSV, checked. */
export function checkImportCsv(csv: string): CameraImportLine[] {
  return csvImportRows(csv).map(({ line, cells, error }) => {
    if (error) return { line, name: (cells[0] ?? '').trim(), error: `This line is not valid CSV: ${error}.` };
    if (cells.length > CAMERA_IMPORT_COLUMNS.length)
      return {
        line,
        name: (cells[0] ?? '').trim(),
        error: `Too many columns (${cells.length}): expected name, url, username, password, recording mode.`,
      };
    const [name, url, username, password, recordingMode] = cells;
    return checkImportRow(line, { name, url, username, password, recordingMode });
  });
}
