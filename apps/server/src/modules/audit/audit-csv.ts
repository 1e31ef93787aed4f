import type { AuditEntry } from '@vigil/shared';
import { csvLine } from '../../lib/csv.ts';

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
