import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import type { PlanRow } from '../billing-rows.ts';
import { type PlanPrices, ensurePlan, ensurePortal, ensureTaxRate } from './stripe-catalogue.ts';
import type { StripeProvider } from './stripe-provider.ts';
import { createStripeSubscriptions, guardedBy } from './stripe-subscriptions.ts';

/**
 * The real `stripe` SDK, pointed at STRIPE_API_URL (api.stripe.com, or the tests' local stand-in).
 * One client per secret key, kept: the key is the installation's, changed rarely.
 */
export type StripeClientFor = (secretKey: string) => Stripe;

export function stripeClients(apiUrl: string): StripeClientFor {
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  const clients = new Map<string, Stripe>();
  return (secretKey) => {
    let c = clients.get(secretKey);
    if (!c) {
      c = new Stripe(secretKey, {
        host: u.hostname,
        port: u.port || (protocol === 'http' ? 80 : 443),
        protocol,
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
      });
      if (clients.size > 8) clients.clear();
      clients.set(secretKey, c);
    }
    return c;
  };
}

/** Stripe's refusal of a key or a request, as the catalogue's errors. */
export function stripeFailure(e: unknown, field?: string): AppError {
  if (e instanceof Stripe.errors.StripeAuthenticationError || e instanceof Stripe.errors.StripePermissionError)
    return new AppError('invalid-argument', 'Invalid request parameters.', {
      [field ?? 'stripe.secretKey']: 'Stripe refused this key',
    });
  if (e instanceof Stripe.errors.StripeInvalidRequestError)
    return new AppError('failed-precondition', `Stripe refused the request: ${e.message}`);
  if (e instanceof AppError) return e;
  return new AppError('unavailable', 'Stripe could not be reached. Try again in a moment.');
}

/**
 * What this process knows Stripe's catalogue holds, so a checkout does not ask again: a plan's
 * Prices per version of what Stripe holds of it (an edit anywhere in the cluster is a new key), the
 * Tax Rate per percentage. A failure is forgotten, so the next call asks Stripe again.
 */
function catalogueCache(clientFor: StripeClientFor) {
  const known = new Map<string, Promise<unknown>>();
  function once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = known.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      p.catch(() => known.delete(key));
      if (known.size > 500) known.clear();
      known.set(key, p);
    }
    return p;
  }
  const planKey = (secretKey: string, p: PlanRow) =>
    [secretKey, 'plan', p.key, p.name, p.currency, p.priceMonthly, p.priceYearly, p.archived].join('|');
  return {
    plan: (secretKey: string, plan: PlanRow) =>
      once(planKey(secretKey, plan), () => ensurePlan(clientFor(secretKey), plan)),
    /** After an edit: asks Stripe whatever this process knew. */
    planFresh(secretKey: string, plan: PlanRow) {
      const p = ensurePlan(clientFor(secretKey), plan);
      known.set(planKey(secretKey, plan), p);
      p.catch(() => known.delete(planKey(secretKey, plan)));
      return p;
    },
    tax: (secretKey: string, percent: number) =>
      once(`${secretKey}|tax|${percent}`, () => ensureTaxRate(clientFor(secretKey), percent)),
    portal: (secretKey: string, plans: PlanPrices[]) =>
      once(`${secretKey}|portal|${JSON.stringify(plans)}`, () => ensurePortal(clientFor(secretKey), plans)),
  };
}

export function createStripeGateway(clientFor: StripeClientFor): StripeProvider {
  const catalogue = catalogueCache(clientFor);
  const guarded = guardedBy(stripeFailure);
  const portalConfiguration = async (secretKey: string, plans: PlanRow[]) =>
    catalogue.portal(secretKey, await Promise.all(plans.map((p) => catalogue.plan(secretKey, p))));

  return {
    checkKey: guarded(async (secretKey) => {
      const account = await clientFor(secretKey).accounts.retrieveCurrent();
      return account.settings?.dashboard?.display_name || account.business_profile?.name || account.id;
    }),

    checkout: guarded(async (input) => {
      const stripe = clientFor(input.secretKey);
      const meta = { workspaceId: input.workspaceId, planKey: input.plan.key, interval: input.interval };
      const { prices } = await catalogue.plan(input.secretKey, input.plan);
      const taxRate = await catalogue.tax(input.secretKey, input.taxRatePercent);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        client_reference_id: input.workspaceId,
        metadata: meta,
        // The tax as the subscription's default: a later change of Price keeps it.
        subscription_data: { metadata: meta, ...(taxRate ? { default_tax_rates: [taxRate] } : {}) },
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        line_items: [{ price: prices[input.interval], quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new AppError('unavailable', 'Stripe did not return a Checkout address.');
      return { url: session.url };
    }),

    portal: guarded(async (input) => {
      const configuration = await portalConfiguration(input.secretKey, input.plans);
      const s = await clientFor(input.secretKey).billingPortal.sessions.create({
        customer: input.customerId,
        configuration,
        return_url: input.returnUrl,
      });
      return { url: s.url };
    }),

    syncCatalogue: guarded(async (input) => {
      await catalogue.planFresh(input.secretKey, input.plan);
      await portalConfiguration(input.secretKey, input.plans);
    }),

    subscriptions: createStripeSubscriptions(clientFor, {
      prices: (secretKey, plan) => catalogue.plan(secretKey, plan).then((p) => p.prices),
      tax: (secretKey, percent) => catalogue.tax(secretKey, percent),
      failure: stripeFailure,
    }),
  };
}
