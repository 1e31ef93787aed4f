import { type Db, lockOwner, refreshUsage, storedBytes } from '@vigil/db';
import { effectiveLimits, storageLimitMessage } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { type Storage, assertSafeKey } from '../../lib/storage.ts';
import { storageRepo as repo } from './storage.repo.ts';

export type StorageService = ReturnType<typeof createStorageService>;

export interface StorageActor {
  workspaceId: string;
  userId: string;
}

/** `type/subtype` with optional parameters, as a Content-Type header may carry it. */
const CONTENT_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;\s*[\w!#$&^.+-]+=("[^"\r\n]*"|[\w!#$&^.+-]+))*$/;

/** Where a workspace's own files live in storage: no path can name another workspace's. */
export const fileKey = (workspaceId: string, path: string) => {
  assertSafeKey(path);
  return `workspaces/${workspaceId}/files/${path}`;
};

/**
 * Spec §7 uploads and deletes of a workspace's files. Each one counts against the plan's
 * limits.maxStorage with the workspace's footage and exports (usage.storageUsed): the check, the
 * index row, the bytes and the recount happen under the owner's lock, so concurrent uploads
 * cannot all pass one check, and a refused or failed write leaves neither a row nor a file.
 */
export function createStorageService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return {
    async upload(actor: StorageActor, path: string, data: Buffer, contentType: string): Promise<void> {
      const key = fileKey(actor.workspaceId, path);
      if (data.length === 0) throw new AppError('invalid-argument', 'Invalid request parameters.', { body: 'empty' });
      const type = contentType.trim().toLowerCase() || 'application/octet-stream';
      if (type.length > 200 || !CONTENT_TYPE.test(type))
        throw new AppError('invalid-argument', 'Invalid request parameters.', { contentType: 'not a media type' });
      await db.transaction(async (tx) => {
        const owner = await lockOwner(tx, actor.workspaceId);
        if (!owner) throw new AppError('not-found');
        const clash = await repo.clashing(tx, actor.workspaceId, path);
        if (clash !== undefined) throw new AppError('already-exists', `"${clash}" is in the way of "${path}".`);
        const { maxStorageBytes, maxStorageGb } = effectiveLimits(owner.limits);
        // Replacing a file frees what it weighed.
        const after =
          (await storedBytes(tx, actor.workspaceId)) - (await repo.bytesAt(tx, actor.workspaceId, path)) + data.length;
        if (after > maxStorageBytes) throw new AppError('failed-precondition', storageLimitMessage(maxStorageGb));
        await repo.upsert(tx, {
          workspaceId: actor.workspaceId,
          path,
          bytes: data.length,
          contentType: type,
          uploadedBy: actor.userId,
        });
        await refreshUsage(tx, actor.workspaceId);
        // Last, inside the transaction: if storage refuses, the row and the recount roll back.
        await storage.put(key, data, type);
      });
    },

    async remove(actor: StorageActor, path: string): Promise<void> {
      const key = fileKey(actor.workspaceId, path);
      await db.transaction(async (tx) => {
        await lockOwner(tx, actor.workspaceId);
        await repo.remove(tx, actor.workspaceId, path);
        await refreshUsage(tx, actor.workspaceId);
        // As with exports: if storage refuses, the row stays and the delete can be retried.
        await storage.delete(key);
      });
    },

    /** Throws not-found for a missing file (or a folder), so no URL is signed for nothing. */
    async locate(actor: StorageActor, path: string): Promise<string> {
      const key = fileKey(actor.workspaceId, path);
      await storage.stat(key);
      return key;
    },
  };
}
