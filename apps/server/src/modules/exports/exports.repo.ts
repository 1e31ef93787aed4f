import { type DbOrTx, schema } from '@vigil/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { cameras, exports: x } = schema;

export type ExportRow = typeof x.$inferSelect;
/** An export with its camera's name, which its download is named after. */
export type NamedExportRow = ExportRow & { cameraName: string };

export const exportsRepo = {
  /** Scoped by workspace: another workspace's camera is simply not found. */
  async cameraName(db: DbOrTx, workspaceId: string, cameraId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ name: cameras.name })
      .from(cameras)
      .where(and(eq(cameras.id, cameraId), eq(cameras.workspaceId, workspaceId)))
      .limit(1);
    return row?.name;
  },

  async insert(
    db: DbOrTx,
    row: { workspaceId: string; cameraId: string; requestedBy: string; fromAt: Date; toAt: Date },
  ): Promise<ExportRow> {
    const [created] = await db.insert(x).values(row).returning();
    return created!;
  },

  async list(db: DbOrTx, workspaceId: string, limit: number): Promise<NamedExportRow[]> {
    const rows = await db
      .select({ e: x, cameraName: cameras.name })
      .from(x)
      .innerJoin(cameras, eq(cameras.id, x.cameraId))
      .where(eq(x.workspaceId, workspaceId))
      .orderBy(desc(x.createdAt), desc(x.id))
      .limit(limit);
    return rows.map((r) => ({ ...r.e, cameraName: r.cameraName }));
  },

  async get(db: DbOrTx, workspaceId: string, id: string): Promise<NamedExportRow | undefined> {
    const [row] = await db
      .select({ e: x, cameraName: cameras.name })
      .from(x)
      .innerJoin(cameras, eq(cameras.id, x.cameraId))
      .where(and(eq(x.id, id), eq(x.workspaceId, workspaceId)))
      .limit(1);
    return row ? { ...row.e, cameraName: row.cameraName } : undefined;
  },

  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<void> {
    await db.delete(x).where(and(eq(x.id, id), eq(x.workspaceId, workspaceId)));
  },

  /** Takes the oldest queued export; SKIP LOCKED lets several processes share the queue. */
  async claimNext(db: DbOrTx): Promise<ExportRow | undefined> {
    const rows = await db.execute<{ id: string }>(sql`
      update exports set status = 'running', progress = 0, updated_at = now()
      where id = (
        select id from exports where status = 'queued' order by created_at, id limit 1 for update skip locked
      )
      returning id`);
    const id = rows.rows[0]?.id;
    if (!id) return undefined;
    const [row] = await db.select().from(x).where(eq(x.id, id)).limit(1);
    return row;
  },

  /** A crash leaves rows 'running' with nobody working on them: they go back to the queue. */
  async requeueRunning(db: DbOrTx): Promise<number> {
    const rows = await db
      .update(x)
      .set({ status: 'queued', progress: 0, updatedAt: new Date() })
      .where(eq(x.status, 'running'))
      .returning({ id: x.id });
    return rows.length;
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
