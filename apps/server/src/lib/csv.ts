/**
 * CSV for every export (the audit log, analytics): RFC 4180, and safe to open in a spreadsheet.
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return that it strips
 * first) as a formula, so such a cell gets a leading apostrophe: names, targets and details are
 * the users' own words. A number is written as it is (a negative number is not a formula).
 */
export function csvCell(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole small table: the header, then the rows. */
export const csvTable = (header: string[], rows: unknown[][]) => [header, ...rows].map(csvLine).join('');
