/**
 * CSV the way Vigil writes it (the audit log's export, reports): RFC 4180 quoting, and cells a
 * spreadsheet would run as formulas neutralised, since names and details are users' own words.
 */

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return
 * that it strips first) as a formula, so such a cell gets a leading apostrophe. Then RFC 4180 quoting.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
