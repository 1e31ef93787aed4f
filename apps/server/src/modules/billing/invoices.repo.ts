import { type DbOrTx, schema } from '@vigil/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { invoices: i, payments: p, workspaces: w, users: u, plans, documentCounters: dc, creditNotes: cn } = schema;
export type InvoiceRow = typeof i.$inferSelect;
export type NewInvoiceRow = typeof i.$inferInsert;
export type CreditNoteRow = typeof cn.$inferSelect;

/** The numbering series: invoices as 2026-000123, credit notes as AV-2026-000007 ("avoir"). */
export type Series = 'invoice' | 'credit-note';
const PREFIX: Record<Series, string> = { invoice: '', 'credit-note': 'AV-' };

/** Invoices and payments: what was billed and what was received. */
export const invoicesRepo = {
  /**
   * The series' next number for the year of `at`, e.g. 2026-000123. Must run in the transaction
   * that stores the document: the upsert locks the year's counter row until that transaction ends,
   * so concurrent issuers wait their turn and a rollback gives the number back (no gap).
   */
  async nextNumber(tx: DbOrTx, at: Date, series: Series = 'invoice'): Promise<string> {
    const year = at.getUTCFullYear();
    const [row] = await tx
      .insert(dc)
      .values({ series, year, last: 1 })
      .onConflictDoUpdate({ target: [dc.series, dc.year], set: { last: sql`${dc.last} + 1`, updatedAt: new Date() } })
      .returning({ last: dc.last });
    return `${PREFIX[series]}${year}-${String(row!.last).padStart(6, '0')}`;
  },

  /** A credit note taking back the whole of an invoice, numbered in its own series. */
  async creditWhole(
    tx: DbOrTx,
    invoice: InvoiceRow,
    reason: 'cancellation' | 'refund',
    at: Date,
  ): Promise<CreditNoteRow> {
    const [out] = await tx
      .insert(cn)
      .values({
        workspaceId: invoice.workspaceId,
        invoiceId: invoice.id,
        number: await invoicesRepo.nextNumber(tx, at, 'credit-note'),
        reason,
        currency: invoice.currency,
        amountMinor: invoice.amountMinor,
        taxMinor: invoice.taxMinor,
        totalMinor: invoice.totalMinor,
        issuedAt: at,
      })
      .returning();
    return out!;
  },

  async creditNotesOf(tx: DbOrTx, invoiceId: string): Promise<CreditNoteRow[]> {
    return tx.select().from(cn).where(eq(cn.invoiceId, invoiceId)).orderBy(cn.issuedAt);
  },

  async insert(db: DbOrTx, row: NewInvoiceRow): Promise<InvoiceRow> {
    const [out] = await db.insert(i).values(row).returning();
    return out!;
  },

  async find(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(i).where(eq(i.id, id)).limit(1);
    return row;
  },

  async lock(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(i).where(eq(i.id, id)).for('update').limit(1);
    return row;
  },

  async update(db: DbOrTx, id: string, patch: Partial<NewInvoiceRow>): Promise<InvoiceRow> {
    const [row] = await db.update(i).set(patch).where(eq(i.id, id)).returning();
    return row!;
  },

  async openOf(db: DbOrTx, workspaceId: string): Promise<InvoiceRow[]> {
    return db
      .select()
      .from(i)
      .where(and(eq(i.workspaceId, workspaceId), eq(i.status, 'open')))
      .orderBy(desc(i.issuedAt));
  },

  /** Every workspace's invoices for the administrator, newest first. */
  async forAdmin(db: DbOrTx, status: string | undefined, limit: number) {
    return db
      .select({
        invoice: i,
        planName: sql<string>`coalesce(${plans.name}, ${i.planKey})`,
        workspaceName: w.name,
        ownerEmail: u.email,
      })
      .from(i)
      .innerJoin(w, eq(w.id, i.workspaceId))
      .innerJoin(u, eq(u.id, w.ownerId))
      .leftJoin(plans, eq(plans.key, i.planKey))
      .where(status ? eq(i.status, status) : sql`true`)
      .orderBy(desc(i.issuedAt), desc(i.id))
      .limit(limit);
  },

  /** Records a payment once: a second record of the same provider reference changes nothing (false). */
  async recordPayment(db: DbOrTx, row: typeof p.$inferInsert): Promise<boolean> {
    const out = await db.insert(p).values(row).onConflictDoNothing().returning({ id: p.id });
    return out.length > 0;
  },

  async recentPayments(db: DbOrTx, limit: number) {
    return db
      .select({ payment: p, workspaceName: w.name, ownerEmail: u.email, invoiceNumber: i.number })
      .from(p)
      .innerJoin(w, eq(w.id, p.workspaceId))
      .innerJoin(u, eq(u.id, w.ownerId))
      .leftJoin(i, eq(i.id, p.invoiceId))
      .orderBy(desc(p.paidAt))
      .limit(limit);
  },
};

/** A Stripe invoice mirrored by its id: inserted once, then kept as Stripe says (status, paid date, PDF). */
export async function upsertStripeInvoice(db: DbOrTx, row: NewInvoiceRow): Promise<InvoiceRow> {
  const [out] = await db
    .insert(i)
    .values(row)
    .onConflictDoUpdate({
      target: i.stripeInvoiceId,
      set: {
        status: row.status,
        paidAt: row.paidAt ?? null,
        pdfUrl: row.pdfUrl ?? null,
        amountMinor: row.amountMinor,
        taxMinor: row.taxMinor,
        totalMinor: row.totalMinor,
        updatedAt: new Date(),
      },
    })
    .returning();
  return out!;
}
