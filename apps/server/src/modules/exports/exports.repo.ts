import { type DbOrTx, schema } from '@vigil/db';
import { and, inArray, desc, eq } from 'drizzle-orm';
import { type CameraScope, cameraInScope } from '../../lib/camera-scope.ts';

const { cameras, exports: x } = schema;

export type ExportRow = typeof x.$inferSelect;
/** An export with its camera's name, which its download is named after. */
export type NamedExportRow = ExportRow & { cameraName: string };

export const exportsRepo = {
  /** Scoped by workspace and camera scope: another workspace's camera, or one outside the scope, is not found. */
  async cameraName(db: DbOrTx, workspaceId: string, scope: CameraScope, cameraId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ name: cameras.name })
      .from(cameras)
      .where(and(eq(cameras.id, cameraId), eq(cameras.workspaceId, workspaceId), cameraInScope(cameras.id, scope)))
      .limit(1);
    return row?.name;
  },

  async insert(
    db: DbOrTx,
    row: { workspaceId: string; cameraId: string; requestedBy: string; fromAt: Date; toAt: Date; format?: string },
  ): Promise<ExportRow> {
    const [created] = await db.insert(x).values(row).returning();
    return created!;
  },

  /** The workspace's exports of cameras within the scope, newest first. */
  async list(db: DbOrTx, workspaceId: string, scope: CameraScope, limit: number): Promise<NamedExportRow[]> {
    const rows = await db
      .select({ e: x, cameraName: cameras.name })
      .from(x)
      .innerJoin(cameras, eq(cameras.id, x.cameraId))
      .where(and(eq(x.workspaceId, workspaceId), cameraInScope(x.cameraId, scope)))
      .orderBy(desc(x.createdAt), desc(x.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.e, cameraName: r.cameraName }));
  },

  async get(db: DbOrTx, workspaceId: string, scope: CameraScope, id: string): Promise<NamedExportRow | undefined> {
    const [row] = await db
      .select({ e: x, cameraName: cameras.name })
      .from(x)
      .innerJoin(cameras, eq(cameras.id, x.cameraId))
      .where(and(eq(x.id, id), eq(x.workspaceId, workspaceId), cameraInScope(x.cameraId, scope)))
      .limit(1);
    return row ? { ...row.e, cameraName: row.cameraName } : undefined;
  },

  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
    await db.delete(x).where(and(eq(x.id, id), eq(x.workspaceId, workspaceId)));
  },

  /**
   * Marks one export running for the job that cuts it; undefined when it is gone (deleted) or
   * already finished (a retried job of a done export does nothing).
   */
  async claim(db: DbOrTx, id: string): Promise<ExportRow | undefined> {
    const [row] = await db
      .update(x)
      .set({ status: 'running', progress: 0, error: null, updatedAt: new Date() })
      .where(and(eq(x.id, id), inArray(x.status, ['queued', 'running', 'failed'])))
      .returning();
    return row;
  },

  async update(
    db: DbOrTx,
    id: string,
    patch: Partial<Pick<ExportRow, 'status' | 'progress' | 'bytes' | 'sha256' | 'path' | 'error'>>,
  ): Promise<ExportRow | undefined> {
    const [row] = await db
      .update(x)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(x.id, id))
      .returning();
    return row;
  },
};
