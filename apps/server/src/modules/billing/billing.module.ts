import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { adminBillingRoutes } from './admin-billing.routes.ts';
import { createAdminBillingService } from './admin-billing.service.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { createManualBilling } from './manual-billing.service.ts';
import { createPaymentSettingsService } from './payment-settings.service.ts';
import { createPlansService } from './plans.service.ts';
import { createStripeGateway, stripeClients } from './stripe/stripe-gateway.ts';
import { createStripeWebhooks } from './stripe/stripe-webhooks.service.ts';
import { stripeRoutes } from './stripe/stripe.routes.ts';

/**
 * Plans, billing and payments for a serve process (issue 11): the public pricing, the account's
 * billing, the administrator's pricing editor, payment settings and invoices, Stripe's webhooks.
 */
export function billingModule(
  app: FastifyInstance,
  deps: { db: Db; secrets: SecretBox; publicUrl: string; accounts: AccountsService; stripeApiUrl: string },
): void {
  const { db } = deps;
  const clientFor = stripeClients(deps.stripeApiUrl);
  const stripe = createStripeGateway(clientFor);
  const settings = createPaymentSettingsService({ db, secrets: deps.secrets, checkStripeKey: stripe.checkKey });
  const plans = createPlansService({ db });
  const manual = createManualBilling({ db });
  const billing = createBillingService({ db, plans, settings, manual, stripe, publicUrl: deps.publicUrl });
  billingRoutes(app, { billing, plans, settings });
  stripeRoutes(app, { webhooks: createStripeWebhooks({ db, settings, clientFor }), billing });
  adminBillingRoutes(app, {
    plans,
    settings,
    adminBilling: createAdminBillingService({ db, manual, settings }),
    users: {
      async workspaceOf(uid) {
        const row = await deps.accounts.findById(uid);
        if (!row) throw new AppError('not-found', 'Document not found');
        return row.workspaceId;
      },
      async docOf(uid) {
        const row = await deps.accounts.findById(uid);
        if (!row) throw new AppError('not-found', 'Document not found');
        return deps.accounts.doc(row);
      },
    },
  });
}
