import { type TestApp, bearer } from './harness.ts';

/**
 * The authorization walk's objects and fixtures for the routes (billing, plans, payment
 * settings): a manual invoice of the `user` actor's workspace and one of another workspace.
 */
export interface BillingObjects {
  billing: { ownUid: string; invoices: { own: string; foreign: string } };
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
  return {
    billing: { ownUid: own.uid, invoices: { own: await invoice(own.token), foreign: await invoice(foreignToken) } },
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
  // Admin only: the empty body is invalid (or, for the invoice, marks it paid once).
  'PATCH /api/v1/admin/plans/:key': () => ({ url: '/api/v1/admin/plans/pro' }),
  'PATCH /api/v1/admin/users/:id/plan': (w) => ({ url: `/api/v1/admin/users/${w.billing.ownUid}/plan` }),
  'POST /api/v1/admin/invoices/:id/paid': (w) => ({ url: `/api/v1/admin/invoices/${w.billing.invoices.own}/paid` }),
  // No such event: the administrator gets 404 (stripe.test.ts retries a real one).
  'POST /api/v1/admin/webhook-events/:id/retry': () => ({ url: '/api/v1/admin/webhook-events/evt_none/retry' }),
};
