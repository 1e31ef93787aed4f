import type { BulkOperation, BulkOperationSummary, BulkResult, BulkStatus } from '@vigil/shared';
import type { schema } from '@vigil/db';
import type { AppError } from '../../lib/app-error.ts';

export type OperationRow = typeof schema.bulkOperations.$inferSelect;
export type ResultRow = typeof schema.bulkOperationResults.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(r: { op: OperationRow; creatorName: string | null }): BulkOperationSummary {
  const { op } = r;
  return {
    id: op.id,
    status: op.status as BulkStatus,
    change: op.change,
    selection: { filter: op.filter ?? null },
    progress: { total: op.total, processed: op.succeeded + op.failed, succeeded: op.succeeded, failed: op.failed },
    error: op.error,
    createdBy: op.createdBy ? { id: op.createdBy, displayName: r.creatorName ?? '' } : null,
    createdAt: op.createdAt.toISOString(),
    startedAt: iso(op.startedAt),
    finishedAt: iso(op.finishedAt),
  };
}

export function toResult(r: ResultRow): BulkResult {
  return { cameraId: r.cameraId, cameraName: r.cameraName, ok: r.ok, error: r.error, finishedAt: iso(r.finishedAt) };
}

export function toOperation(
  r: { op: OperationRow; creatorName: string | null },
  results: readonly ResultRow[],
): BulkOperation {
  return { ...toSummary(r), results: results.map(toResult) };
}

/**
 * Why one camera's change was refused, in words a person can act on: the cameras service's own
 * message, with the fields it names (a schedule that went, a value out of range).
 */
export function reasonOf(e: AppError): string {
  if (e.code === 'not-found') return 'This camera no longer exists, or is no longer within your access.';
  const fields = Object.entries(e.fields ?? {}).map(([k, v]) => `${k}: ${v}`);
  return fields.length ? `${e.message} (${fields.join('; ')})` : e.message;
}
