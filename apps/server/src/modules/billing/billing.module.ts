import type { FastifyInstance } from 'fastify';
import { type ServeInfra, type Services, defineModule } from '../../kernel/module.ts';
import { AppError } from '../../lib/app-error.ts';
import { createBillingJobs } from './billing-jobs.service.ts';
import { adminBillingRoutes } from './admin-billing.routes.ts';
import { createAdminBillingService } from './admin-billing.service.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { createManualBilling } from './manual-billing.service.ts';
import { createPaymentSettingsService } from './payment-settings.service.ts';
import { createPlansService } from './plans.service.ts';
import { createStripeGateway, stripeClients } from './stripe/stripe-gateway.ts';
import { createStripePlanChange } from './stripe/stripe-plan-change.service.ts';
import { createStripeWebhooks } from './stripe/stripe-webhooks.service.ts';
import { stripeRoutes } from './stripe/stripe.routes.ts';
import { createStripeCatalogueJob } from './stripe/stripe-catalogue-job.service.ts';
import { enqueue } from '../jobs/jobs.module.ts';

export { DEFAULT_PLAN, subscriptionService } from './subscription.service.ts';
export { liftingPlan, planGate } from './plan-gate.service.ts';

/**
 * Plans, billing and payments. Serve: the public pricing, the account's billing, the
 * administrator's pricing editor, payment settings and invoices, Stripe's webhooks. Work: trial
 * reminders and manual renewals (hourly), each workspace's storage today for Billing's chart, and
 * Stripe's catalogue after a plan edit.
 */
export const billingModule = defineModule({
  name: 'billing',
  auditActions: [
    'plan.changed',
    'plan.pricing-changed',
    'plan.duplicate-canceled',
    'invoice.refunded',
    'settings.payment-changed',
  ],
  serve: { needs: ['accounts'], register: billingRoutesOf },
  work: {
    needs: ['mail'],
    crontab: [
      '5 * * * * billing-hourly ?max=1&jobKey=billing-hourly',
      '15 * * * * storage-sample ?max=1&jobKey=storage-sample',
    ],
    // The storage chart has today's point from the first start, not from the next quarter past.
    kickoff: ['storage-sample'],
    start: ({ db, config, log, get, secrets }) => {
      const jobs = createBillingJobs({ db, mail: get('mail'), publicUrl: config.publicUrl, log });
      const catalogue = createStripeCatalogueJob({ db, secrets, stripeApiUrl: config.stripeApiUrl });
      return { tasks: { ...jobs.tasks, 'stripe-catalogue': catalogue } };
    },
  },
});

function billingRoutesOf(app: FastifyInstance, ctx: ServeInfra & Services): void {
  const { db, config } = ctx;
  const accounts = ctx.get('accounts');
  const clientFor = stripeClients(config.stripeApiUrl);
  const stripe = createStripeGateway(clientFor);
  const settings = createPaymentSettingsService({ db, secrets: ctx.secrets, checkStripeKey: stripe.checkKey });
  const plans = createPlansService({
    db,
    // Stripe's Products, Prices and portal follow an edit through the queue: retried while Stripe
    // cannot be reached, listed among the failed jobs if it never can. One job per plan: a second
    // edit before it runs replaces it (the job reads the plan as it is when it runs).
    async changed(tx, plan) {
      const s = await settings.effective();
      if (s.provider !== 'stripe' || !s.stripeSecretKey) return;
      await enqueue(
        tx,
        'stripe-catalogue',
        { planKey: plan.key },
        { jobKey: `stripe-catalogue:${plan.key}`, maxAttempts: 8 },
      );
    },
  });
  const manual = createManualBilling({ db });
  const stripePlans = createStripePlanChange({ db, plans, settings, stripe });
  const billing = createBillingService({
    db,
    plans,
    settings,
    manual,
    stripe,
    stripePlans,
    publicUrl: config.publicUrl,
  });
  billingRoutes(app, { billing, plans, settings });
  stripeRoutes(app, { webhooks: createStripeWebhooks({ db, settings, clientFor }), billing });
  adminBillingRoutes(app, {
    plans,
    settings,
    adminBilling: createAdminBillingService({ db, manual, settings }),
    users: {
      async workspaceOf(uid) {
        const row = await accounts.findById(uid);
        if (!row) throw new AppError('not-found', 'Document not found');
        return row.workspaceId;
      },
      async docOf(uid) {
        const row = await accounts.findById(uid);
        if (!row) throw new AppError('not-found', 'Document not found');
        return accounts.doc(row);
      },
    },
  });
}
