import { type DbOrTx, schema } from '@vigil/db';
import { and, desc, eq, sql } from 'drizzle-orm';

const { invoices: i, payments: p, workspaces: w, users: u, plans } = schema;
export type InvoiceRow = typeof i.$inferSelect;
export type NewInvoiceRow = typeof i.$inferInsert;

/** Invoices and payments: what was billed and what was received. */
export const invoicesRepo = {
  /** The next invoice number, VIG-<year>-<6 digits>, from one installation-wide sequence. */
  async nextNumber(db: DbOrTx, at: Date): Promise<string> {
    const res = await db.execute<{ n: number }>(sql`select nextval('invoice_number_seq')::int as n`);
    return `VIG-${at.getUTCFullYear()}-${String(res.rows[0]!.n).padStart(6, '0')}`;
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

  /** A workspace's invoices, newest first, with each plan's name (the index on workspace, issued_at serves it). */
  async ofWorkspace(db: DbOrTx, workspaceId: string, limit: number) {
    return db
      .select({ invoice: i, planName: sql<string>`coalesce(${plans.name}, ${i.planKey})` })
      .from(i)
      .leftJoin(plans, eq(plans.key, i.planKey))
      .where(eq(i.workspaceId, workspaceId))
      .orderBy(desc(i.issuedAt), desc(i.id))
      .limit(limit);
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
