import { type DbOrTx, schema } from '@vigil/db';
import { and, eq, like, or, sql } from 'drizzle-orm';

const { workspaceFiles: files } = schema;

/** The storage module's only SQL: the workspace_files index of uploaded files. */
export const storageRepo = {
  /** Bytes of the file at `path` (0 when there is none). */
  async bytesAt(db: DbOrTx, workspaceId: string, path: string): Promise<number> {
    const [row] = await db
      .select({ bytes: files.bytes })
      .from(files)
      .where(and(eq(files.workspaceId, workspaceId), eq(files.path, path)));
    return row?.bytes ?? 0;
  },

  /**
   * A file that would share a name with a folder on the path: "a" when storing "a/b", or anything
   * under "a/" when storing "a". Object stores allow both; a file system and people do not.
   */
  async clashing(db: DbOrTx, workspaceId: string, path: string): Promise<string | undefined> {
    const parents = path
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'));
    const escaped = path.replace(/[\\%_]/g, (c) => `\\${c}`);
    const [row] = await db
      .select({ path: files.path })
      .from(files)
      .where(
        and(
          eq(files.workspaceId, workspaceId),
          or(like(files.path, `${escaped}/%`), ...parents.map((p) => eq(files.path, p))),
        ),
      )
      .limit(1);
    return row?.path;
  },

  async upsert(
    db: DbOrTx,
    row: { workspaceId: string; path: string; bytes: number; contentType: string; uploadedBy: string },
  ): Promise<void> {
    await db
      .insert(files)
      .values(row)
      .onConflictDoUpdate({
        target: [files.workspaceId, files.path],
        set: { bytes: row.bytes, contentType: row.contentType, uploadedBy: row.uploadedBy, updatedAt: sql`now()` },
      });
  },

  async remove(db: DbOrTx, workspaceId: string, path: string): Promise<void> {
    await db.delete(files).where(and(eq(files.workspaceId, workspaceId), eq(files.path, path)));
  },
};
