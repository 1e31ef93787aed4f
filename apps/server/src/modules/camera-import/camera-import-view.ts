import type { CameraImport, CameraImportLineResult } from '@vigil/shared';
import type { schema } from '@vigil/db';

type CameraImportRow = typeof schema.cameraImports.$inferSelect;
type LineResultRow = schema.CameraImportLineResultRow;

/** A stored line result in the API's shape: cameraId only when made, error only when refused. */
export const toLineResult = (r: LineResultRow): CameraImportLineResult =>
  r.ok
    ? { line: r.line, name: r.name, ok: true, ...(r.cameraId ? { cameraId: r.cameraId } : {}) }
    : { line: r.line, name: r.name, ok: false, error: r.error ?? 'Not imported' };

export function toCameraImport(row: CameraImportRow): CameraImport {
  const results = [...row.results].sort((a, b) => a.line - b.line).map(toLineResult);
  const created = results.filter((r) => r.ok).length;
  return {
    id: row.id,
    siteId: row.siteId,
    status: row.status as CameraImport['status'],
    total: row.total,
    processed: results.length,
    created,
    failed: results.length - created,
    results,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
