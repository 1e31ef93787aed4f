import { type DbOrTx, schema } from '@vigil/db';
import { and, eq, gte, sql } from 'drizzle-orm';

const { cameraImports } = schema;
export type PendingLine = schema.CameraImportPendingLine;
export type LineResultRow = schema.CameraImportLineResultRow;

/** The camera import's only SQL: its rows, and the site and camera look-ups it needs. */
export type CameraImportRow = typeof cameraImports.$inferSelect;

export const cameraImportRepo = {
  async site(db: DbOrTx, workspaceId: string, siteId: string) {
    const [row] = await db
      .select({ id: schema.sites.id })
      .from(schema.sites)
      .where(and(eq(schema.sites.workspaceId, workspaceId), eq(schema.sites.id, siteId)));
    return row;
  },

  async insert(db: DbOrTx, row: typeof cameraImports.$inferInsert): Promise<CameraImportRow> {
    const [out] = await db.insert(cameraImports).values(row).returning();
    return out!;
  },

  async get(db: DbOrTx, workspaceId: string, id: string): Promise<CameraImportRow | undefined> {
    const [row] = await db
      .select()
      .from(cameraImports)
      .where(and(eq(cameraImports.workspaceId, workspaceId), eq(cameraImports.id, id)));
    return row;
  },

  /** For the job: the import whatever its workspace. */
  async byId(db: DbOrTx, id: string): Promise<CameraImportRow | undefined> {
    const [row] = await db.select().from(cameraImports).where(eq(cameraImports.id, id));
    return row;
  },

  async setStatus(
    db: DbOrTx,
    id: string,
    patch: Partial<Pick<CameraImportRow, 'status' | 'error' | 'finishedAt' | 'pending'>>,
  ): Promise<void> {
    await db.update(cameraImports).set(patch).where(eq(cameraImports.id, id));
  },

  /** One line done: its result added, its pending entry (and sealed password) dropped, in one statement. */
  async lineDone(db: DbOrTx, id: string, result: LineResultRow): Promise<void> {
    await db.execute(sql`
      update camera_imports set
        results = results || ${JSON.stringify([result])}::jsonb,
        pending = coalesce((select jsonb_agg(p) from jsonb_array_elements(pending) p
                            where (p->>'line')::int <> ${result.line}), '[]'::jsonb),
        updated_at = now()
      where id = ${id}`);
  },

  /**
   * A camera this import may already have made for a line whose result was not written (the job
   * stopped between the two): same workspace, site, name and URL, created since the import began.
   */
  async madeSince(
    db: DbOrTx,
    workspaceId: string,
    siteId: string | null,
    name: string,
    url: string,
    since: Date,
  ): Promise<string | undefined> {
    const c = schema.cameras;
    const [row] = await db
      .select({ id: c.id })
      .from(c)
      .where(
        and(
          eq(c.workspaceId, workspaceId),
          siteId ? eq(c.siteId, siteId) : sql`${c.siteId} is null`,
          eq(c.name, name),
          eq(c.sourceUrl, url),
          gte(c.createdAt, since),
        ),
      )
      .limit(1);
    return row?.id;
  },
};
