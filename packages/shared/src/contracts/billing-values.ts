/**
 * Plan keys, billing intervals, providers and statuses as plain values, and the conversion of
 * prices to and from minor units, without zod: pages import these, and importing them from the
 * contract module would load all of its schemas and zod with them.
 */
export const PLAN_KEY_RE = /^[a-z][a-z0-9-]{1,31}$/;
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** Who bills a subscription: a provider, or nobody (the administrator granted the plan). */
export const SUBSCRIPTION_SOURCES = ['manual', 'stripe', 'complimentary'] as const;
export const MAX_PRICE = 1_000_000;
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
/**
 * A credit note: an issued invoice is never edited, so a cancellation or a refund takes it back
 * with a document of its own, numbered in its own unbroken series (AV-YYYY-NNNNNN).
 */
export const CREDIT_NOTE_REASONS = ['cancellation', 'refund'] as const;
/**
 * A change of plan for a workspace Stripe bills: its subscription is updated, never a second one
 * opened. A move up (a dearer plan, or monthly to yearly) applies now and Stripe charges the
 * prorated difference; a move down (a cheaper plan, or yearly to monthly) applies at the period's end.
 */
export const PLAN_CHANGE_TIMINGS = ['now', 'period-end'] as const;
export const WEBHOOK_EVENT_STATUSES = ['applied', 'ignored', 'failed'] as const;

const digitsOf = new Map<string, number>();
/** Digits after the decimal point of a currency (EUR 2, JPY 0); remembered, since building a formatter is costly. */
export function currencyDigits(currency: string): number {
  let d = digitsOf.get(currency);
  if (d === undefined) {
    d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    if (digitsOf.size < 500) digitsOf.set(currency, d);
  }
  return d;
}
export const toMinor = (amount: number, currency: string) => Math.round(amount * 10 ** currencyDigits(currency));
export const fromMinor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);
