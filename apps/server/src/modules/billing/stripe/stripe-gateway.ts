import Stripe from 'stripe';
import { AppError } from '../../../lib/app-error.ts';
import { priceOf } from '../manual-billing.service.ts';
import type { StripeProvider } from './stripe-provider.ts';

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

export function createStripeGateway(clientFor: StripeClientFor): StripeProvider {
  return {
    async checkKey(secretKey) {
      try {
        const account = await clientFor(secretKey).accounts.retrieveCurrent();
        return account.settings?.dashboard?.display_name || account.business_profile?.name || account.id;
      } catch (e) {
        throw stripeFailure(e);
      }
    },

    async checkout(input) {
      const stripe = clientFor(input.secretKey);
      const meta = { workspaceId: input.workspaceId, planKey: input.plan.key, interval: input.interval };
      try {
        // Tax as a Stripe tax rate on the line (exclusive, the installation's percentage), so Stripe's invoices show it.
        const taxRate =
          input.taxRatePercent > 0
            ? await stripe.taxRates.create({
                display_name: 'Tax',
                percentage: input.taxRatePercent,
                inclusive: false,
              })
            : null;
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          client_reference_id: input.workspaceId,
          metadata: meta,
          subscription_data: { metadata: meta },
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.plan.currency.toLowerCase(),
                unit_amount: priceOf(input.plan, input.interval),
                recurring: { interval: input.interval },
                product_data: { name: `Vigil ${input.plan.name}` },
              },
              ...(taxRate ? { tax_rates: [taxRate.id] } : {}),
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new AppError('unavailable', 'Stripe did not return a Checkout address.');
        return { url: session.url };
      } catch (e) {
        throw stripeFailure(e);
      }
    },

    async portal(input) {
      try {
        const s = await clientFor(input.secretKey).billingPortal.sessions.create({
          customer: input.customerId,
          return_url: input.returnUrl,
        });
        return { url: s.url };
      } catch (e) {
        throw stripeFailure(e);
      }
    },
  };
}
