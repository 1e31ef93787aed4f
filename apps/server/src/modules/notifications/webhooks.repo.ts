import { type DbOrTx, schema } from '@vigil/db';
import { and, asc, eq } from 'drizzle-orm';

const { webhooks } = schema;
export type WebhookRow = typeof webhooks.$inferSelect;

export const webhooksRepo = {
  list(db: DbOrTx, workspaceId: string): Promise<WebhookRow[]> {
    return db
      .select()
      .from(webhooks)
      .where(eq(webhooks.workspaceId, workspaceId))
      .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  },
  async byId(db: DbOrTx, workspaceId: string, id: string): Promise<WebhookRow | undefined> {
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.workspaceId, workspaceId)));
    return row;
  },
  async insert(db: DbOrTx, w: typeof webhooks.$inferInsert): Promise<WebhookRow> {
    const [row] = await db.insert(webhooks).values(w).returning();
    return row!;
  },
  async update(
    db: DbOrTx,
    workspaceId: string,
    id: string,
    patch: Partial<Pick<WebhookRow, 'url' | 'secret' | 'kinds' | 'enabled'>>,
  ): Promise<WebhookRow | undefined> {
    const [row] = await db
      .update(webhooks)
      .set(patch)
      .where(and(eq(webhooks.id, id), eq(webhooks.workspaceId, workspaceId)))
      .returning();
    return row;
  },
  async remove(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
    const gone = await db
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.workspaceId, workspaceId)))
      .returning({ id: webhooks.id });
    return gone.length > 0;
  },
};
