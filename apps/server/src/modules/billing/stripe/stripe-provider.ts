import type { BillingInterval } from '@vigil/shared';
import type Stripe from 'stripe';
import type { PlanRow } from '../billing-rows.ts';

/**
 * What the billing service asks of Stripe (the real `stripe` SDK, pointed at STRIPE_API_URL).
 * Implemented in stripe-gateway.ts (Checkout, the portal, the catalogue) and
 * stripe-subscriptions.ts (changing, cancelling and resuming the one subscription); the webhooks
 * that report what happened next are stripe-webhooks.service.ts.
 */
export interface StripeProvider {
  /** Checks a secret key against the API: the account's display name; AppError invalid-argument if refused. */
  checkKey(secretKey: string): Promise<string>;
  /**
   * A Checkout Session in subscription mode for the plan's Price at `interval` (from the catalogue,
   * made once), the installation's Tax Rate as the subscription's default. client_reference_id and
   * metadata carry the workspace id, plan key and interval, so the webhook knows whose payment it is.
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
  /** A customer-portal session under Vigil's configuration (switching between `plans`' Prices, cancel, card, invoices). */
  portal(input: {
    secretKey: string;
    customerId: string;
    returnUrl: string;
    plans: PlanRow[];
  }): Promise<{ url: string }>;
  /** After an administrator's edit: the plan's Product and Prices, and the portal's plan list, brought in line. */
  syncCatalogue(input: { secretKey: string; plan: PlanRow; plans: PlanRow[] }): Promise<void>;
  subscriptions: StripeSubscriptions;
}

export interface PlanTarget {
  secretKey: string;
  subscriptionId: string;
  plan: PlanRow;
  interval: BillingInterval;
  taxRatePercent: number;
  /** Now (a move up: prorated and charged at once) or at the period's end (a move down, by a schedule). */
  timing: 'now' | 'period-end';
}

export interface StripeSubscriptions {
  /** What Stripe would charge for the change (its invoice preview): minor units, and when the change applies. */
  preview(t: PlanTarget): Promise<{ amountDue: number; currency: string; effectiveAt: Date }>;
  /** Makes the change on the subscription: the subscription as Stripe has it afterwards. */
  change(t: PlanTarget): Promise<Stripe.Subscription>;
  /** Cancel at the period's end (true) or keep it (false): the subscription afterwards. */
  setCancelAtPeriodEnd(secretKey: string, subscriptionId: string, cancel: boolean): Promise<Stripe.Subscription>;
}
