import { rm } from 'node:fs/promises';
import type { Db } from '@vigil/db';
import { type CreateExportInput, EXPORT_MAX_SECONDS, type Export, type ExportStatus } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import type { MediaStore } from '../recordings/media-store.ts';
import { type ExportRow, exportsRepo as repo } from './exports.repo.ts';

export type ExportsService = ReturnType<typeof createExportsService>;

export interface ExportActor {
  workspaceId: string;
  userId: string;
  /** Managers (and admins) may delete anyone's export; others only their own. */
  isManager: boolean;
}

/** Bounds the start_at range scan of "segments overlapping [from, to)" (the recorder cuts ~10 s). */
export const MAX_SEGMENT_MS = 10 * 60 * 1000;
/** A download link is meant to be clicked now, not shared. */
export const DOWNLOAD_URL_SECONDS = 300;
export const DOWNLOAD_PATH = '/api/v1/media/export.mp4';

function instant(value: string, field: string): Date {
  // Only full ISO 8601 instants: Date.parse would also accept "March 3" and local times.
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const ms = ok ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new AppError('invalid-argument', 'Invalid request parameters.', { [field]: 'not an ISO 8601 time' });
  return new Date(ms);
}

/** The download file name: the camera's name made file-safe, then the start instant. */
export function downloadName(cameraName: string, from: Date): string {
  const safe = cameraName.replace(/[^\p{L}\p{N}._ -]+/gu, '_').trim() || 'camera';
  return `${safe}-${from.toISOString().replace(/:/g, '-')}.mp4`;
}

export function createExportsService(deps: { db: Db; media: MediaStore; onQueued?: () => void }) {
  const { db, media } = deps;

  /** A signed URL to the export route (the media signer's signature, scoped to this file). */
  function downloadUrl(row: ExportRow): string | null {
    if (row.status !== 'done' || !row.path) return null;
    const signed = new URL(media.signedUrl(row.path, DOWNLOAD_URL_SECONDS), 'http://x');
    return `${DOWNLOAD_PATH}${signed.search}`;
  }

  const toExport = (row: ExportRow): Export => ({
    id: row.id,
    cameraId: row.cameraId,
    from: row.fromAt.toISOString(),
    to: row.toAt.toISOString(),
    status: row.status as ExportStatus,
    progress: row.progress,
    bytes: row.bytes,
    sha256: row.sha256,
    downloadUrl: downloadUrl(row),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async create(actor: ExportActor, input: CreateExportInput): Promise<{ id: string; status: ExportStatus }> {
      const from = instant(input.from, 'from');
      const to = instant(input.to, 'to');
      if (from.getTime() >= to.getTime() || to.getTime() - from.getTime() > EXPORT_MAX_SECONDS * 1000)
        throw new AppError('out-of-range');
      if ((await repo.cameraName(db, actor.workspaceId, input.cameraId)) === undefined) throw new AppError('not-found');
      const segs = await repo.segmentsOverlapping(db, input.cameraId, from, to, MAX_SEGMENT_MS);
      if (segs.length === 0) throw new AppError('failed-precondition', 'No recorded footage in that range');
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          cameraId: input.cameraId,
          requestedBy: actor.userId,
          fromAt: from,
          toAt: to,
        });
        await publish(tx, { topic: 'exports', workspaceId: actor.workspaceId, id: created.id });
        return created;
      });
      deps.onQueued?.();
      return { id: row.id, status: 'queued' };
    },

    async list(actor: ExportActor): Promise<{ items: Export[] }> {
      return { items: (await repo.list(db, actor.workspaceId, 200)).map(toExport) };
    },

    async get(actor: ExportActor, id: string): Promise<Export> {
      const row = await repo.get(db, actor.workspaceId, id);
      if (!row) throw new AppError('not-found');
      return toExport(row);
    },

    async remove(actor: ExportActor, id: string): Promise<void> {
      const row = await repo.get(db, actor.workspaceId, id);
      if (!row) throw new AppError('not-found');
      if (!actor.isManager && row.requestedBy !== actor.userId) throw new AppError('permission-denied');
      await db.transaction(async (tx) => {
        await repo.remove(tx, actor.workspaceId, id);
        await publish(tx, { topic: 'exports', workspaceId: actor.workspaceId, id });
      });
      // The row goes first: a file left behind by a failed rm is harmless, a row without its file is not.
      if (row.path) await rm(media.resolve(row.path), { force: true });
    },

    /** A finished export's file by its signed media path, and the name it downloads as. */
    async download(relPath: string): Promise<{ file: string; filename: string }> {
      const row = await repo.byPath(db, relPath);
      if (!row) throw new AppError('not-found');
      return { file: media.resolve(relPath), filename: downloadName(row.cameraName, row.fromAt) };
    },
  };
}
