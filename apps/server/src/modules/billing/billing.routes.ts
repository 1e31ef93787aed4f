import {
  billingSchema,
  checkoutResultSchema,
  checkoutSchema,
  invoiceSchema,
  planChangePreviewSchema,
  planChangeSchema,
  planListSchema,
  portalResultSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { AppError } from '../../lib/app-error.ts';
import { access } from '../../plugins/access.ts';
import type { BillingActor, BillingService } from './billing.service.ts';
import type { PaymentSettingsService } from './payment-settings.service.ts';
import type { PlansService } from './plans.service.ts';

/** PDF code (pdf-lib and its fonts, ~0.5 s to load) comes with the first PDF, not at start. */
const renderInvoicePdf: typeof import('./invoice-pdf.ts').renderInvoicePdf = async (...args) =>
  (await import('./invoice-pdf.ts')).renderInvoicePdf(...args);

const tags = ['billing'];
// Owners (who count as managers) and managers read the plan and usage; only the owner changes it (the service checks).
const managers = access.roles('manager', 'admin');

export const billingActor = (req: FastifyRequest): BillingActor => {
  const { user, workspace } = req.session!;
  return {
    workspaceId: workspace.id,
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    isOwner: workspace.ownerId === user.id,
  };
};

/** A billing document is its workspace's, and any for the administrator. */
const mayRead = (req: FastifyRequest, workspaceId: string) =>
  req.session!.user.role === 'admin' || workspaceId === req.session!.workspace.id;

interface PdfSource {
  workspaceId: string;
  number: string;
  render(language: string): Promise<Uint8Array>;
}

export function billingRoutes(
  app: FastifyInstance,
  deps: { billing: BillingService; plans: PlansService; settings: PaymentSettingsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(app, tags);
  const { billing } = deps;

  route.get(
    '/api/v1/plans',
    { access: access.public, summary: 'The plans on sale, in the pricing’s order', response: planListSchema },
    () => deps.plans.publicPlans(),
  );

  route.get(
    '/api/v1/billing',
    {
      access: managers,
      summary: 'The workspace’s plan, status (as of now), limits, usage, storage over 30 days and invoices',
      response: billingSchema,
    },
    (req) => billing.billing(billingActor(req).workspaceId),
  );

  route.post(
    '/api/v1/billing/checkout',
    {
      access: managers,
      summary:
        'Owner only: pay for a plan. With Stripe connected, a Checkout Session ({ url }); else a manual invoice the administrator marks paid ({ invoiceId })',
      body: checkoutSchema,
      response: checkoutResultSchema,
    },
    (req) => billing.checkout(billingActor(req), req.body),
  );

  route.post(
    '/api/v1/billing/change/preview',
    {
      access: managers,
      summary:
        'Owner only, Stripe-billed: what moving to another plan or interval costs (Stripe’s invoice preview) and whether it applies now (a move up, prorated) or at the period’s end (a move down)',
      body: planChangeSchema,
      response: planChangePreviewSchema,
    },
    (req) => billing.previewChange(billingActor(req), req.body),
  );

  route.post(
    '/api/v1/billing/change',
    {
      access: managers,
      summary:
        'Owner only, Stripe-billed: move the workspace’s one subscription to another plan or interval (never a second subscription)',
      body: planChangeSchema,
      response: billingSchema,
    },
    (req) => billing.changePlan(billingActor(req), req.body),
  );

  for (const [path, summary, act] of [
    ['cancel', 'Owner only: cancel at the end of the paid period (a complimentary plan ends now)', billing.cancel],
    ['resume', 'Owner only: keep a plan that was set to cancel at its period’s end', billing.resume],
  ] as const) {
    r.post(
      `/api/v1/billing/${path}`,
      { config: { access: managers }, schema: { tags, summary, response: { 200: billingSchema } } },
      async (req) => act(billingActor(req)),
    );
  }

  route.post(
    '/api/v1/billing/portal',
    {
      access: managers,
      summary: 'Owner only: a Stripe customer-portal session (cancel, resume, payment method)',
      response: portalResultSchema,
    },
    (req) => billing.portal(billingActor(req)),
  );

  route.get(
    '/api/v1/billing/invoices/:id',
    { access: managers, summary: 'One of the workspace’s invoices', params: idParams, response: invoiceSchema },
    (req) => billing.invoice(billingActor(req).workspaceId, req.params.id),
  );

  /** A billing document as PDF: the workspace's own, any for the administrator; another's is not found. */
  const pdfRoute = (
    path: string,
    summary: string,
    what: string,
    source: (id: string) => Promise<PdfSource | undefined>,
  ) =>
    route.get(path, { access: managers, summary, params: idParams }, async (req, reply) => {
      const found = await source(req.params.id);
      if (!found || !mayRead(req, found.workspaceId)) throw new AppError('not-found', `No such ${what}.`);
      const pdf = await found.render(req.session!.user.preferences.language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${found.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    });

  pdfRoute(
    '/api/v1/billing/invoices/:id/pdf',
    'A manual invoice as PDF (the workspace’s own; any for the administrator)',
    'invoice',
    async (id) => {
      const found = await billing.invoicePdfSource(id);
      if (!found) return undefined;
      const { manualInstructions } = await deps.settings.effective();
      return {
        workspaceId: found.invoice.workspaceId,
        number: found.invoice.number,
        render: (language) =>
          renderInvoicePdf(found.invoice, { planName: found.planName, language, instructions: manualInstructions }),
      };
    },
  );

  pdfRoute(
    '/api/v1/billing/credit-notes/:id/pdf',
    'A credit note as PDF, numbered AV-YYYY-NNNNNN (the workspace’s own; any for the administrator)',
    'credit note',
    async (id) => {
      const found = await billing.creditNotePdfSource(id);
      if (!found) return undefined;
      return {
        workspaceId: found.note.workspaceId,
        number: found.note.number,
        render: (language) =>
          renderInvoicePdf(found.invoice, {
            planName: found.planName,
            language,
            instructions: '',
            creditNote: found.note,
          }),
      };
    },
  );
}
