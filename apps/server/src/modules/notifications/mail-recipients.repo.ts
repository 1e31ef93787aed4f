import { type DbOrTx, schema } from '@vigil/db';
import type { EventKind, Preferences } from '@vigil/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

const { users, workspaces, deliveries, events, cameras } = schema;

export interface MailRecipient {
  id: string;
  email: string;
  preferences: Preferences;
  disabled: boolean;
  workspaceId: string;
  workspaceName: string;
}

export interface DigestItem {
  deliveryId: string;
  /** Null when the event was deleted since. */
  eventId: string | null;
  kind: EventKind | null;
  startAt: Date | null;
  cameraName: string | null;
}

const recipientColumns = {
  id: users.id,
  email: users.email,
  preferences: users.preferences,
  disabledAt: users.disabledAt,
  workspaceId: users.workspaceId,
  workspaceName: workspaces.name,
};
const toRecipient = ({ disabledAt, ...r }: { disabledAt: Date | null } & Omit<MailRecipient, 'disabled'>) => ({
  ...r,
  disabled: disabledAt !== null,
});

/** The SQL of the email channel, the digest and unsubscribing: who a mail goes to, what waits for the digest. */
export const mailRecipientsRepo = {
  /** The person as they are now (address and preferences are read at send time, never from the delivery). */
  async byId(db: DbOrTx, userId: string): Promise<MailRecipient | undefined> {
    const [row] = await db
      .select(recipientColumns)
      .from(users)
      .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
      .where(eq(users.id, userId));
    return row && toRecipient(row);
  },

  /** Email and digest off in one statement (no read-modify-write to race a profile change). */
  async optOutOfEmail(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({
        preferences: sql`jsonb_set(jsonb_set(${users.preferences}, '{notifications,email}', 'false'), '{notifications,digest}', 'false')`,
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  /** Everyone with email deliveries waiting for their digest. */
  async digestReaders(db: DbOrTx): Promise<MailRecipient[]> {
    const waiting = db
      .selectDistinct({ userId: deliveries.userId })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'digest'), eq(deliveries.channel, 'email')));
    const rows = await db
      .select(recipientColumns)
      .from(users)
      .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
      .where(inArray(users.id, waiting));
    return rows.map(toRecipient);
  },

  /** A person's waiting deliveries with their events, oldest first. */
  async digestItems(db: DbOrTx, userId: string): Promise<DigestItem[]> {
    const rows = await db
      .select({
        deliveryId: deliveries.id,
        eventId: events.id,
        kind: events.kind,
        startAt: events.startAt,
        cameraName: cameras.name,
      })
      .from(deliveries)
      .leftJoin(events, eq(events.id, deliveries.eventId))
      .leftJoin(cameras, eq(cameras.id, events.cameraId))
      .where(and(eq(deliveries.userId, userId), eq(deliveries.status, 'digest'), eq(deliveries.channel, 'email')))
      .orderBy(asc(events.startAt), asc(deliveries.createdAt));
    return rows.map((r) => ({ ...r, kind: r.kind as EventKind | null }));
  },

  /** The waiting deliveries a digest carried (or that can no longer go): one final status, only from `digest`. */
  async closeDigestItems(
    db: DbOrTx,
    ids: string[],
    status: 'sent' | 'outbox' | 'skipped',
    at: Date,
    lastError?: string,
  ) {
    if (!ids.length) return;
    await db
      .update(deliveries)
      .set({ status, sentAt: status === 'sent' ? at : null, lastError: lastError ?? null })
      .where(and(inArray(deliveries.id, ids), eq(deliveries.status, 'digest')));
  },
};
