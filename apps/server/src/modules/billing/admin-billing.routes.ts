import {
  adminCreditNoteListSchema,
  adminInvoiceListSchema,
  adminInvoiceQuerySchema,
  adminInvoiceSchema,
  adminPaymentListSchema,
  adminPlanListSchema,
  adminPlanSchema,
  adminSetPlanSchema,
  createPlanSchema,
  creditNoteSchema,
  paymentSettingsSchema,
  planKeySchema,
  updatePaymentSettingsSchema,
  updatePlanSchema,
  userDocSchema,
} from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { AdminBillingService } from './admin-billing.service.ts';
import type { PaymentSettingsService } from './payment-settings.service.ts';
import type { PlansService } from './plans.service.ts';

const tags = ['admin', 'billing'];
const admin = access.roles('admin');

/** Admin › Pricing, Admin › Payment settings and the plan action of Admin › Users. */
export function adminBillingRoutes(
  app: FastifyInstance,
  deps: {
    plans: PlansService;
    settings: PaymentSettingsService;
    adminBilling: AdminBillingService;
    /** The user's workspace and document (accounts module). */
    users: {
      workspaceOf(uid: string): Promise<string>;
      docOf(uid: string): Promise<z.infer<typeof userDocSchema>>;
    };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/admin/plans',
    { access: admin, summary: 'Every plan, hidden and archived ones too', response: adminPlanListSchema },
    () => deps.plans.adminPlans(),
  );

  r.post(
    '/api/v1/admin/plans',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Add a plan (a key clash is already-exists)',
        body: createPlanSchema,
        response: { 201: adminPlanSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await deps.plans.create(req.body)),
  );

  route.patch(
    '/api/v1/admin/plans/:key',
    {
      access: admin,
      summary:
        'Change a plan: prices reach current subscribers from their next period; limits and flags at once; archived hides it from sale',
      params: z.object({ key: planKeySchema }),
      body: updatePlanSchema,
      response: adminPlanSchema,
    },
    (req) => deps.plans.update(req.params.key, req.body),
  );

  route.patch(
    '/api/v1/admin/users/:id/plan',
    {
      access: admin,
      summary:
        'Put the user’s workspace on a plan (complimentary, no payment) and/or set its trial’s end (later extends it; now or past ends it)',
      params: z.object({ id: z.string().uuid() }),
      body: adminSetPlanSchema,
      response: userDocSchema,
    },
    async (req) => {
      const workspaceId = await deps.users.workspaceOf(req.params.id);
      await deps.adminBilling.setPlan(workspaceId, req.body);
      return deps.users.docOf(req.params.id);
    },
  );

  route.get(
    '/api/v1/admin/payment-settings',
    {
      access: admin,
      summary: 'The payment provider and invoice settings (Stripe secrets masked)',
      response: paymentSettingsSchema,
    },
    () => deps.settings.read(),
  );

  route.put(
    '/api/v1/admin/payment-settings',
    {
      access: admin,
      summary:
        'Save the payment settings; a new Stripe secret key is checked against Stripe first (nothing saved if refused); omitted secrets stay',
      body: updatePaymentSettingsSchema,
      response: paymentSettingsSchema,
    },
    (req) => deps.settings.save(req.body),
  );

  route.get(
    '/api/v1/admin/invoices',
    {
      access: admin,
      summary: 'Invoices of every workspace, newest first (status=open: waiting for payment)',
      querystring: adminInvoiceQuerySchema,
      response: adminInvoiceListSchema,
    },
    (req) => deps.adminBilling.invoices(req.query.status),
  );

  route.post(
    '/api/v1/admin/invoices/:id/paid',
    {
      access: admin,
      summary:
        'Manual provider: the money arrived. The workspace becomes active for the period; marking twice changes nothing',
      params: z.object({ id: z.string().uuid() }),
      response: adminInvoiceSchema,
    },
    (req) => deps.adminBilling.markPaid(req.params.id),
  );

  route.post(
    '/api/v1/admin/invoices/:id/refund',
    {
      access: admin,
      summary:
        'Manual provider: the money of a paid invoice went back. The invoice stays as issued; a credit note (AV-YYYY-NNNNNN) takes it back, once',
      params: z.object({ id: z.string().uuid() }),
      response: creditNoteSchema,
    },
    (req) => deps.adminBilling.refund(req.params.id),
  );

  route.get(
    '/api/v1/admin/credit-notes',
    {
      access: admin,
      summary: 'Credit notes of every workspace, newest first (cancellations and refunds of invoices)',
      response: adminCreditNoteListSchema,
    },
    () => deps.adminBilling.creditNotes(),
  );

  route.get(
    '/api/v1/admin/payments',
    { access: admin, summary: 'Recent payments, every provider', response: adminPaymentListSchema },
    () => deps.adminBilling.payments(),
  );
}
