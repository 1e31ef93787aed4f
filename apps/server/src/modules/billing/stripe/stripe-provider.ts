import type { BillingInterval } from '@vigil/shared';
import type { PlanRow } from '../billing-rows.ts';

/**
 * What the billing service asks of Stripe (the real `stripe` SDK, pointed at STRIPE_API_URL).
 * Implemented in stripe-gateway.ts; the webhooks that report what happened next are
 * stripe-webhooks.service.ts.
 */
export interface StripeProvider {
  /** Checks a secret key against the API: the account's display name; AppError invalid-argument if refused. */
  checkKey(secretKey: string): Promise<string>;
  /**
   * A Checkout Session in subscription mode for `plan` at `interval` (the price given inline from
   * the plan table, tax added as the installation's rate). client_reference_id and metadata carry
   * the workspace id, plan key and interval, so the webhook knows whose payment it is.
   */
  checkout(input: {
    secretKey: string;
    workspaceId: string;
    email: string;
    customerId: string | null;
    plan: PlanRow;
    interval: BillingInterval;
    taxRatePercent: number;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  /** A customer-portal session (cancel, resume, payment method, invoices). */
  portal(input: { secretKey: string; customerId: string; returnUrl: string }): Promise<{ url: string }>;
}
