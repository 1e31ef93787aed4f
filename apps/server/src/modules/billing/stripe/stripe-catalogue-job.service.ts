import type { Db } from '@vigil/db';
import type { SecretBox } from '../../../lib/secrets.ts';
import { createPaymentSettingsService } from '../payment-settings.service.ts';
import { plansRepo } from '../plans.repo.ts';
import { createPlansService } from '../plans.service.ts';
import { createStripeGateway, stripeClients } from './stripe-gateway.ts';

/**
 * The work role's half of a plan edit: Stripe's Product, Prices and Customer Portal brought in line
 * with the plan as it is now (not as it was when the job was queued: a later edit of the same plan
 * replaces the queued job). A Stripe that cannot be reached fails the job, so the queue retries it
 * and, after its last attempt, shows it among the failed jobs; meanwhile the edit stands, and a
 * checkout checks the Prices first anyway.
 */
export function createStripeCatalogueJob(deps: { db: Db; secrets: SecretBox; stripeApiUrl: string }) {
  const { db } = deps;
  const stripe = createStripeGateway(stripeClients(deps.stripeApiUrl));
  const settings = createPaymentSettingsService({ db, secrets: deps.secrets, checkStripeKey: stripe.checkKey });
  const plans = createPlansService({ db });
  return async ({ planKey }: { planKey: string }): Promise<void> => {
    const s = await settings.effective();
    // Stripe was turned off since: the next switch to it makes the catalogue at the first checkout.
    if (s.provider !== 'stripe' || !s.stripeSecretKey) return;
    const plan = await plansRepo.find(db, planKey);
    if (!plan) return;
    await stripe.syncCatalogue({ secretKey: s.stripeSecretKey, plan, plans: await plans.onSale() });
  };
}
