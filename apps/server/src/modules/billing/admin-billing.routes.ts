import {
  adminInvoiceListSchema,
  adminInvoiceQuerySchema,
  adminInvoiceSchema,
  adminPaymentListSchema,
  adminPlanListSchema,
  adminPlanSchema,
  adminSetPlanSchema,
  createPlanSchema,
  paymentSettingsSchema,
  planKeySchema,
  updatePaymentSettingsSchema,
  updatePlanSchema,
  userDocSchema,
} from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

  r.get(
    '/api/v1/admin/plans',
    {
      config: { access: admin },
      schema: { tags, summary: 'Every plan, hidden and archived ones too', response: { 200: adminPlanListSchema } },
    },
    async () => deps.plans.adminPlans(),
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

  r.patch(
    '/api/v1/admin/plans/:key',
    {
      config: { access: admin },
      schema: {
        tags,
        summary:
          'Change a plan: prices reach current subscribers from their next period; limits and flags at once; archived hides it from sale',
        params: z.object({ key: planKeySchema }),
        body: updatePlanSchema,
        response: { 200: adminPlanSchema },
      },
    },
    async (req) => deps.plans.update(req.params.key, req.body),
  );

  r.patch(
    '/api/v1/admin/users/:id/plan',
    {
      config: { access: admin },
      schema: {
        tags,
        summary:
          'Put the user’s workspace on a plan (complimentary, no payment) and/or set its trial’s end (later extends it; now or past ends it)',
        params: z.object({ id: z.string().uuid() }),
        body: adminSetPlanSchema,
        response: { 200: userDocSchema },
      },
    },
    async (req) => {
      const workspaceId = await deps.users.workspaceOf(req.params.id);
      await deps.adminBilling.setPlan(workspaceId, req.body);
      return deps.users.docOf(req.params.id);
    },
  );

  r.get(
    '/api/v1/admin/payment-settings',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'The payment provider and invoice settings (Stripe secrets masked)',
        response: { 200: paymentSettingsSchema },
      },
    },
    async () => deps.settings.read(),
  );

  r.put(
    '/api/v1/admin/payment-settings',
    {
      config: { access: admin },
      schema: {
        tags,
        summary:
          'Save the payment settings; a new Stripe secret key is checked against Stripe first (nothing saved if refused); omitted secrets stay',
        body: updatePaymentSettingsSchema,
        response: { 200: paymentSettingsSchema },
      },
    },
    async (req) => deps.settings.save(req.body),
  );

  r.get(
    '/api/v1/admin/invoices',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Invoices of every workspace, newest first (status=open: waiting for payment)',
        querystring: adminInvoiceQuerySchema,
        response: { 200: adminInvoiceListSchema },
      },
    },
    async (req) => deps.adminBilling.invoices(req.query.status),
  );

  r.post(
    '/api/v1/admin/invoices/:id/paid',
    {
      config: { access: admin },
      schema: {
        tags,
        summary:
          'Manual provider: the money arrived. The workspace becomes active for the period; marking twice changes nothing',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: adminInvoiceSchema },
      },
    },
    async (req) => deps.adminBilling.markPaid(req.params.id),
  );

  r.get(
    '/api/v1/admin/payments',
    {
      config: { access: admin },
      schema: { tags, summary: 'Recent payments, every provider', response: { 200: adminPaymentListSchema } },
    },
    async () => deps.adminBilling.payments(),
  );
}
