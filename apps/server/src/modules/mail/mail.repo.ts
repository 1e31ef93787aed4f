import { type DbOrTx, schema } from '@vigil/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TOKEN_IN_LINK_SQL } from './mail-links.ts';

const { mailOutbox } = schema;

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A link's token as the stored text keeps it after it stops being needed (`$1` is `?token=`). */
const masked = (column: typeof mailOutbox.text | typeof mailOutbox.html) =>
  sql`regexp_replace(${column}, ${TOKEN_IN_LINK_SQL}, ${'\\1•••• (hidden)'}, 'g')`;

export const mailRepo = {
  async insert(
    db: DbOrTx,
    msg: { to: string; subject: string; text: string; html?: string | null; transport: string },
  ) {
    const [row] = await db.insert(mailOutbox).values(msg).returning();
    return row!;
  },
  async markSent(db: DbOrTx, id: string) {
    await db.update(mailOutbox).set({ sentAt: new Date(), status: 'sent' }).where(eq(mailOutbox.id, id));
  },
  byId: (db: DbOrTx, id: string) => db.query.mailOutbox.findFirst({ where: eq(mailOutbox.id, id) }),
  /** The send lock: queued (or, when a person asked again, interrupted/failed) → sending; undefined when not. */
  async claim(db: DbOrTx, id: string, from: readonly string[]) {
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'sending', updatedAt: new Date() })
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, [...from])))
      .returning();
    return row;
  },
  /**
   * Sent: the mailbox has the link now, so the stored copy keeps it no longer (an administrator
   * or a backup reader of the outbox could otherwise use it).
   */
  async sent(db: DbOrTx, id: string) {
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        lastError: null,
        text: masked(mailOutbox.text),
        html: masked(mailOutbox.html),
        updatedAt: new Date(),
      })
      .where(eq(mailOutbox.id, id));
  },
  async finish(db: DbOrTx, id: string, status: 'queued' | 'failed' | 'interrupted', lastError: string) {
    await db.update(mailOutbox).set({ status, lastError, updatedAt: new Date() }).where(eq(mailOutbox.id, id));
  },
  /**
   * Retention: links older than `linkDays` lose their token (a reset link is dead long before,
   * an invitation at that age too); mail older than `days` goes, unless it still waits for SMTP.
   */
  async purge(db: DbOrTx, linkDays: number, days: number) {
    const masks = await db
      .update(mailOutbox)
      .set({ text: masked(mailOutbox.text), html: masked(mailOutbox.html) })
      .where(
        sql`${mailOutbox.createdAt} < now() - make_interval(days => ${linkDays})
            and (${mailOutbox.text} ~ ${TOKEN_IN_LINK_SQL} or ${mailOutbox.html} ~ ${TOKEN_IN_LINK_SQL})`,
      )
      .returning({ id: mailOutbox.id });
    const deleted = await db
      .delete(mailOutbox)
      .where(
        sql`${mailOutbox.createdAt} < now() - make_interval(days => ${days})
            and ${mailOutbox.status} not in ('queued', 'sending')`,
      )
      .returning({ id: mailOutbox.id });
    return { masked: masks.length, deleted: deleted.length };
  },
  table: mailOutbox,
};
