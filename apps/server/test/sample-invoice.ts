import type { InvoiceRow, NewInvoiceRow } from '../src/modules/billing/invoices.repo.ts';

/** An invoice's fields as manual billing issues them (EUR 10 + 20 % tax), for repositories and renderers. */
export function sampleInvoice(o: Partial<NewInvoiceRow> = {}) {
  const at = o.issuedAt ?? new Date('2026-03-01T00:00:00Z');
  return {
    workspaceId: '00000000-0000-0000-0000-000000000000',
    number: '2026-000001',
    provider: 'manual',
    status: 'open',
    planKey: 'pro',
    interval: 'month',
    currency: 'EUR',
    amountMinor: 1000,
    taxMinor: 200,
    totalMinor: 1200,
    periodStart: at,
    periodEnd: new Date(at.getTime() + 30 * 86_400_000),
    issuedAt: at,
    paidAt: null,
    stripeInvoiceId: null,
    pdfUrl: null,
    seller: { name: 'Vigil SAS', address: '1 rue de la Paix\n75002 Paris', taxId: 'FR00123456789' },
    buyer: { name: 'Jean Dupont', email: 'owner@example.test' },
    taxRate: 2000,
    ...o,
  } satisfies NewInvoiceRow;
}

/** The same as a stored row, for a renderer. */
export const sampleInvoiceRow = (o: Partial<NewInvoiceRow> = {}): InvoiceRow => ({
  id: '00000000-0000-0000-0000-000000000001',
  createdAt: new Date(),
  updatedAt: new Date(),
  ...sampleInvoice(o),
});
