import { type DbOrTx, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';

const { mailOutbox } = schema;

export const mailRepo = {
  async insert(
    db: DbOrTx,
    msg: { to: string; subject: string; text: string; html?: string | null; transport: string },
  ) {
    const [row] = await db.insert(mailOutbox).values(msg).returning();
    return row!;
  },
  async markSent(db: DbOrTx, id: string) {
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
  },
  table: mailOutbox,
};
