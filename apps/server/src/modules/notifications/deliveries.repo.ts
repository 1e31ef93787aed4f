import { type DbOrTx, schema } from '@vigil/db';
import type { DeliveryChannel, DeliveryStatus } from '@vigil/shared';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type CameraScope, rowCameraInScope } from '../../lib/camera-scope.ts';

const { deliveries, deliveryAttempts, events } = schema;

export type DeliveryRow = typeof deliveries.$inferSelect;
export interface NewDelivery {
  workspaceId: string;
  eventId: string | null;
  /** A task's assignment notice. */
  taskId?: string | null;
  userId: string | null;
  channel: DeliveryChannel;
  target: string;
  destination: string;
  dedupeKey: string;
  status?: DeliveryStatus;
  lastError?: string | null;
}

/** A delivery of no event, or of an event of a camera within the scope; undefined = every one. */
function ofEventInScope(scope: CameraScope): SQL | undefined {
  const scoped = rowCameraInScope(sql`e.camera_id`, scope);
  return scoped
    ? sql`(${deliveries.eventId} is null or exists (select 1 from ${events} e where e.id = ${deliveries.eventId} and ${scoped}))`
    : undefined;
}

/** The newest first, by (created_at, id), matching deliveries_workspace_*_created_idx. */
const NEWEST_FIRST = [sql`${deliveries.createdAt} desc`, sql`${deliveries.id} desc`];

export const deliveriesRepo = {
  /** Inserts the ones not already there (same dedupe key) and returns only those. */
  async insertNew(db: DbOrTx, rows: NewDelivery[]): Promise<DeliveryRow[]> {
    if (!rows.length) return [];
    return db.insert(deliveries).values(rows).onConflictDoNothing({ target: deliveries.dedupeKey }).returning();
  },

  /** Whether the delivery is the workspace's and, for a limited member, of an event within their scope. */
  async visible(db: DbOrTx, id: string, workspaceId: string, scope: CameraScope): Promise<boolean> {
    const rows = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.id, id), eq(deliveries.workspaceId, workspaceId), ofEventInScope(scope)));
    return rows.length > 0;
  },

  async byId(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
    return row;
  },

  /**
   * Takes a delivery for one attempt: only from pending or retrying, so a delivery already sent,
   * failed, skipped, or being sent (a worker that died mid-send) is never sent again by a job.
   */
  async claim(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await db
      .update(deliveries)
      .set({ status: 'sending', attempts: sql`${deliveries.attempts} + 1` })
      .where(and(eq(deliveries.id, id), inArray(deliveries.status, ['pending', 'retrying'])))
      .returning();
    return row;
  },

  async finish(
    db: DbOrTx,
    id: string,
    status: DeliveryStatus,
    o: { lastError?: string | null; sentAt?: Date } = {},
  ): Promise<void> {
    await db
      .update(deliveries)
      .set({ status, lastError: o.lastError ?? null, ...(o.sentAt ? { sentAt: o.sentAt } : {}) })
      .where(eq(deliveries.id, id));
  },

  /** A delivery back to pending for one more try (a person's Retry), only from a final state. */
  async reopen(db: DbOrTx, id: string, workspaceId: string, scope: CameraScope): Promise<DeliveryRow | undefined> {
    const [row] = await db
      .update(deliveries)
      .set({ status: 'pending', lastError: null })
      .where(
        and(
          eq(deliveries.id, id),
          eq(deliveries.workspaceId, workspaceId),
          ofEventInScope(scope),
          inArray(deliveries.status, ['failed', 'interrupted', 'skipped']),
        ),
      )
      .returning();
    return row;
  },

  async addAttempt(
    db: DbOrTx,
    a: { deliveryId: string; ok: boolean; code?: number | null; error?: string | null; durationMs: number },
  ): Promise<void> {
    await db.insert(deliveryAttempts).values({
      deliveryId: a.deliveryId,
      ok: a.ok,
      code: a.code ?? null,
      error: a.error ?? null,
      durationMs: Math.round(a.durationMs),
    });
  },

  /** One page of a workspace's log; the cursor is the last row's (created_at, id). */
  async page(
    db: DbOrTx,
    q: {
      workspaceId: string;
      /** A member limited to some cameras reads only the deliveries of their events (and of none). */
      cameraIds: CameraScope;
      channel?: DeliveryChannel;
      status?: DeliveryStatus;
      eventId?: string;
      limit: number;
      after?: { at: Date; id: string };
    },
  ): Promise<DeliveryRow[]> {
    const where = [eq(deliveries.workspaceId, q.workspaceId)];
    const scoped = ofEventInScope(q.cameraIds);
    if (scoped) where.push(scoped);
    if (q.channel) where.push(eq(deliveries.channel, q.channel));
    if (q.status) where.push(eq(deliveries.status, q.status));
    if (q.eventId) where.push(eq(deliveries.eventId, q.eventId));
    if (q.after) where.push(sql`(${deliveries.createdAt}, ${deliveries.id}) < (${q.after.at}, ${q.after.id})`);
    return db
      .select()
      .from(deliveries)
      .where(and(...where))
      .orderBy(...NEWEST_FIRST)
      .limit(q.limit);
  },

  async attemptsOf(db: DbOrTx, ids: string[]) {
    if (!ids.length) return [];
    return db
      .select()
      .from(deliveryAttempts)
      .where(inArray(deliveryAttempts.deliveryId, ids))
      .orderBy(asc(deliveryAttempts.at));
  },
  table: deliveries,
};
