import { type TestApp, bearer } from './harness.ts';

/**
 * The authorization walk's objects and fixtures for the routes (billing, plans, payment
 * settings): a manual invoice of the `user` actor's workspace and one of another workspace, and
 * the credit note each workspace's first invoice got when a second checkout replaced it.
 */
export interface BillingObjects {
  billing: {
    ownUid: string;
    invoices: { own: string; foreign: string };
    creditNotes: { own: string; foreign: string };
  };
}

export async function seedBillingObjects(
  t: TestApp,
  own: { token: string; uid: string },
  foreignToken: string,
): Promise<BillingObjects> {
  const invoice = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/checkout',
      headers: bearer(token),
      payload: { plan: 'pro', interval: 'month' },
    });
    return res.json().invoiceId as string;
  };
  /** Two checkouts: the second invoice replaces the first, which a credit note takes back. */
  const replaced = async (token: string) => {
    await invoice(token);
    const second = await invoice(token);
    const billing = await t.app.inject({ method: 'GET', url: '/api/v1/billing', headers: bearer(token) });
    return { invoice: second, creditNote: billing.json().creditNotes[0].id as string };
  };
  const mine = await replaced(own.token);
  const theirs = await replaced(foreignToken);
  return {
    billing: {
      ownUid: own.uid,
      invoices: { own: mine.invoice, foreign: theirs.invoice },
      creditNotes: { own: mine.creditNote, foreign: theirs.creditNote },
    },
  };
}

export const BILLING_FIXTURES: Record<string, (w: BillingObjects) => { url: string; foreignUrl?: string }> = {
  'GET /api/v1/billing/invoices/:id': (w) => ({
    url: `/api/v1/billing/invoices/${w.billing.invoices.own}`,
    foreignUrl: `/api/v1/billing/invoices/${w.billing.invoices.foreign}`,
  }),
  'GET /api/v1/billing/invoices/:id/pdf': (w) => ({
    url: `/api/v1/billing/invoices/${w.billing.invoices.own}/pdf`,
    foreignUrl: `/api/v1/billing/invoices/${w.billing.invoices.foreign}/pdf`,
  }),
  'GET /api/v1/billing/credit-notes/:id/pdf': (w) => ({
    url: `/api/v1/billing/credit-notes/${w.billing.creditNotes.own}/pdf`,
    foreignUrl: `/api/v1/billing/credit-notes/${w.billing.creditNotes.foreign}/pdf`,
  }),
  // Admin only: the empty body is invalid (or, for the invoice, marks it paid once).
  'PATCH /api/v1/admin/plans/:key': () => ({ url: '/api/v1/admin/plans/pro' }),
  'PATCH /api/v1/admin/users/:id/plan': (w) => ({ url: `/api/v1/admin/users/${w.billing.ownUid}/plan` }),
  'POST /api/v1/admin/invoices/:id/paid': (w) => ({ url: `/api/v1/admin/invoices/${w.billing.invoices.own}/paid` }),
  // An open invoice: refused (only a paid one is refunded); billing.test.ts refunds a paid one.
  'POST /api/v1/admin/invoices/:id/refund': (w) => ({ url: `/api/v1/admin/invoices/${w.billing.invoices.own}/refund` }),
  // No such event: the administrator gets 404 (stripe.test.ts retries a real one).
  'POST /api/v1/admin/webhook-events/:id/retry': () => ({ url: '/api/v1/admin/webhook-events/evt_none/retry' }),
};
