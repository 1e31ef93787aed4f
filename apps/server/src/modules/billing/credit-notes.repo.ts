import { type DbOrTx, schema } from '@vigil/db';
import { desc, eq } from 'drizzle-orm';

const { creditNotes: cn, invoices: i, workspaces: w, users: u } = schema;
export type CreditNoteRow = typeof cn.$inferSelect;
export type InvoiceOfNote = typeof i.$inferSelect;

/** Credit notes as read back: each with the invoice it takes back (its number, seller, buyer, plan). */
export const creditNotesRepo = {
  async forAdmin(db: DbOrTx, limit: number) {
    return db
      .select({ note: cn, invoiceNumber: i.number, workspaceName: w.name, ownerEmail: u.email })
      .from(cn)
      .innerJoin(i, eq(i.id, cn.invoiceId))
      .innerJoin(w, eq(w.id, cn.workspaceId))
      .innerJoin(u, eq(u.id, w.ownerId))
      .orderBy(desc(cn.issuedAt), desc(cn.id))
      .limit(limit);
  },

  async find(db: DbOrTx, id: string): Promise<{ note: CreditNoteRow; invoice: InvoiceOfNote } | undefined> {
    const [row] = await db
      .select({ note: cn, invoice: i })
      .from(cn)
      .innerJoin(i, eq(i.id, cn.invoiceId))
      .where(eq(cn.id, id))
      .limit(1);
    return row;
  },
};
