import { type Db, lockOwner, refreshUsage, storedBytes } from '@vigil/db';
import {
  type CreateExportInput,
  EXPORT_MAX_SECONDS,
  type Export,
  type ExportStatus,
  effectiveLimits,
  mayExportFootage,
  storageLimitMessage,
} from '@vigil/shared';
import { liftingPlan, planGate } from '../billing/billing.module.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { audit } from '../audit/audit.module.ts';
import { publish } from '../../lib/realtime.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import type { Storage } from '../../lib/storage.ts';
import { segmentIndex } from '../segments/segments.module.ts';
import { type NamedExportRow, exportsRepo as repo } from './exports.repo.ts';
import { isoInstant } from '../../lib/iso-instant.ts';

export type ExportsService = ReturnType<typeof createExportsService>;

export interface ExportActor extends ScopedActor {
  userId: string;
  /** Managers (and admins) may delete anyone's export; others only their own. */
  isManager: boolean;
  /** The role in this workspace: a viewer exports only while it lets viewers export (workspaces.viewers_may_export). */
  role: string;
  viewersMayExport: boolean;
}

export const VIEWERS_MAY_NOT_EXPORT = 'Your workspace does not let viewers export footage.';

/** A download link is meant to be clicked now, not shared. */
export const DOWNLOAD_URL_SECONDS = 300;

/** Where a finished export lives in storage (local disk or the S3 bucket). */
export const exportKey = (workspaceId: string, id: string) => `workspaces/${workspaceId}/exports/${id}.mp4`;

/** The download file name: the camera's name made file-safe, then the start instant. */
export function downloadName(cameraName: string, from: Date): string {
  const safe = cameraName.replace(/[^\p{L}\p{N}._ -]+/gu, '_').trim() || 'camera';
  return `${safe}-${from.toISOString().replace(/:/g, '-')}.mp4`;
}

/** The share of each overlapping segment's bytes that falls inside [from, to). */
export function estimatedBytes(segs: { startAt: Date; endAt: Date; bytes: number }[], from: Date, to: Date): number {
  let total = 0;
  for (const s of segs) {
    const span = s.endAt.getTime() - s.startAt.getTime();
    const inside = Math.min(to.getTime(), s.endAt.getTime()) - Math.max(from.getTime(), s.startAt.getTime());
    if (span > 0 && inside > 0) total += (s.bytes * inside) / span;
  }
  return Math.round(total);
}

/** A cut that keeps failing (storage unreachable, a broken file) is tried this often, with backoff. */
const EXPORT_ATTEMPTS = 3;

export function createExportsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  /**
   * The storage layer's signed URL, as an attachment named after the camera: our own
   * /api/v1/storage/object (byte ranges) for local storage, a presigned GET for S3.
   */
  async function downloadUrl(row: NamedExportRow): Promise<string | null> {
    if (row.status !== 'done' || !row.path) return null;
    return storage.signedUrl(row.path, {
      ttlSeconds: DOWNLOAD_URL_SECONDS,
      filename: downloadName(row.cameraName, row.fromAt),
    });
  }

  const toExport = async (row: NamedExportRow): Promise<Export> => ({
    id: row.id,
    cameraId: row.cameraId,
    from: row.fromAt.toISOString(),
    to: row.toAt.toISOString(),
    status: row.status as ExportStatus,
    format: row.format === 'h264' ? 'h264' : 'recorded',
    progress: row.progress,
    bytes: row.bytes,
    sha256: row.sha256,
    downloadUrl: await downloadUrl(row),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async create(actor: ExportActor, input: CreateExportInput): Promise<{ id: string; status: ExportStatus }> {
      if (!mayExportFootage(actor.role, actor)) throw new AppError('permission-denied', VIEWERS_MAY_NOT_EXPORT);
      const from = isoInstant(input.from, 'from');
      const to = isoInstant(input.to, 'to');
      if (from.getTime() >= to.getTime() || to.getTime() - from.getTime() > EXPORT_MAX_SECONDS * 1000)
        throw new AppError('out-of-range');
      if ((await repo.cameraName(db, actor.workspaceId, actor.cameraIds, input.cameraId)) === undefined)
        throw new AppError('not-found');
      const segs = await segmentIndex.overlapping(db, input.cameraId, from, to);
      if (segs.length === 0) throw new AppError('failed-precondition', 'No recorded footage in that range');
      const row = await db.transaction(async (tx) => {
        // A stream-copied clip weighs about what its footage does; refuse now rather than fail at the end.
        const owner = await lockOwner(tx, actor.workspaceId);
        await planGate.assertWritable(tx, actor.workspaceId, 'Exporting clips');
        const { maxStorageBytes, maxStorageGb } = effectiveLimits(owner?.limits);
        if ((await storedBytes(tx, actor.workspaceId)) + estimatedBytes(segs, from, to) > maxStorageBytes) {
          const lift = await liftingPlan(tx, (p) => p.limits.maxStorage > maxStorageGb);
          throw new AppError(
            'failed-precondition',
            `${storageLimitMessage(maxStorageGb)}${lift ? ` (${lift} allows more)` : ''}`,
          );
        }
        const created = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          cameraId: input.cameraId,
          requestedBy: actor.userId,
          fromAt: from,
          toAt: to,
          format: input.format ?? 'recorded',
        });
        await publish(tx, {
          topic: 'exports',
          workspaceId: actor.workspaceId,
          id: created.id,
          cameraId: created.cameraId,
        });
        // The job commits with its row: no export without a job, no job without its export.
        await enqueue(
          tx,
          'export',
          { id: created.id },
          { jobKey: `export:${created.id}`, maxAttempts: EXPORT_ATTEMPTS },
        );
        await audit.record(tx, {
          action: 'export.created',
          targetType: 'export',
          targetId: created.id,
          details: { cameraId: input.cameraId, from: from.toISOString(), to: to.toISOString() },
        });
        return created;
      });
      return { id: row.id, status: 'queued' };
    },

    async list(actor: ExportActor): Promise<{ items: Export[] }> {
      return { items: await Promise.all((await repo.list(db, actor.workspaceId, actor.cameraIds, 200)).map(toExport)) };
    },

    async get(actor: ExportActor, id: string): Promise<Export> {
      const row = await repo.get(db, actor.workspaceId, actor.cameraIds, id);
      if (!row) throw new AppError('not-found');
      return toExport(row);
    },

    /** A fresh download link, and the download in the audit log: the web app's Download goes through here. */
    async download(actor: ExportActor, id: string): Promise<string> {
      const row = await repo.get(db, actor.workspaceId, actor.cameraIds, id);
      if (!row) throw new AppError('not-found');
      const url = await downloadUrl(row);
      if (!url) throw new AppError('failed-precondition', 'This export is not ready to download.');
      await audit.record(db, {
        action: 'export.downloaded',
        targetType: 'export',
        targetId: id,
        details: { cameraId: row.cameraId, from: row.fromAt.toISOString(), to: row.toAt.toISOString() },
      });
      return url;
    },

    async remove(actor: ExportActor, id: string): Promise<void> {
      const row = await repo.get(db, actor.workspaceId, actor.cameraIds, id);
      if (!row) throw new AppError('not-found');
      if (!actor.isManager && row.requestedBy !== actor.userId) throw new AppError('permission-denied');
      await db.transaction(async (tx) => {
        await lockOwner(tx, actor.workspaceId);
        await repo.remove(tx, actor.workspaceId, id);
        await refreshUsage(tx, actor.workspaceId);
        await publish(tx, { topic: 'exports', workspaceId: actor.workspaceId, id, cameraId: row.cameraId });
        await audit.record(tx, {
          action: 'export.deleted',
          targetType: 'export',
          targetId: id,
          details: { cameraId: row.cameraId, from: row.fromAt.toISOString(), to: row.toAt.toISOString() },
        });
        // The object goes inside the row's transaction: if storage refuses (S3 unreachable), the
        // row stays and the delete can be retried, instead of an object nobody can reach or remove.
        if (row.path) await storage.delete(row.path);
      });
    },
  };
}
