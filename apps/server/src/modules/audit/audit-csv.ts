import type { AuditEntry } from '@vigil/shared';

export const CSV_HEADER = [
  'time',
  'person',
  'person id',
  'actor kind',
  'api key',
  'action',
  'target type',
  'target id',
  'address',
  'details',
  'workspace',
  'seq',
  'hash',
];

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return
 * that it strips first) as a formula, so such a cell gets a leading apostrophe: names, targets and
 * details are the users' own words. Then RFC 4180 quoting.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function csvRow(e: AuditEntry): string {
  return csvLine([
    e.at,
    e.actorEmail ?? (e.actorKind === 'system' ? 'system' : ''),
    e.actorId,
    e.actorKind,
    e.apiKeyId,
    e.action,
    e.targetType,
    e.targetId,
    e.ip,
    Object.keys(e.details).length ? e.details : '',
    e.workspaceId,
    e.seq,
    e.hash,
  ]);
}
