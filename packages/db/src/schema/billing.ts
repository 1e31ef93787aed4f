import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './accounts.ts';
import { stamps } from './stamps.ts';

/**
 * Plans, subscriptions and payments. Amounts are integers in the currency's minor
 * unit. The subscription row is the billing state of a workspace (its plan status is derived
 * from these dates, see packages/shared plan-status.ts); the owner's user document mirrors
 * plan, status, limits and flags (spec §3 keeps them there).
 */

export const plans = pgTable('plans', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  currency: text('currency').notNull(),
  priceMonthly: integer('price_monthly').notNull(),
  priceYearly: integer('price_yearly').notNull(),
  limits: jsonb('limits')
    .$type<{ maxCameras: number; maxRecordings: number; maxStorage: number; aiAnalysisQuota: number }>()
    .notNull(),
  features: jsonb('features').$type<{ aiAccess: boolean; vms: boolean }>().notNull(),
  public: boolean('public').notNull().default(true),
  archived: boolean('archived').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(100),
  ...stamps,
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    planKey: text('plan_key').notNull(),
    /** The stored status (the last transition); what is in force now is derived from the dates below. */
    status: text('status').notNull(),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }).notNull(),
    /** month | year; null on trial and for a complimentary plan. */
    interval: text('interval'),
    /** manual | stripe | complimentary; null on trial. */
    source: text('source'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    graceDays: integer('grace_days').notNull().default(7),
    /** The price of the period being paid, kept so a price change applies from the next period only. */
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** { type: 'card', brand, last4 } as the provider last said. */
    paymentMethod: jsonb('payment_method').$type<{ type: 'card'; brand: string; last4: string }>(),
    /**
     * A move down Stripe will make at the period's end (a subscription schedule): the plan, the
     * interval and when. Set when Vigil makes the schedule; cleared once it is released, canceled or
     * has taken effect.
     */
    pendingChange: jsonb('pending_change').$type<{ plan: string; interval: 'month' | 'year'; at: string }>(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_sub_idx').on(t.stripeSubscriptionId),
    index('subscriptions_customer_idx').on(t.stripeCustomerId),
  ],
);

/**
 * The installation's numbering series (invoices, credit notes): one row per series and year with
 * the last number given. A document takes its number by incrementing the row in its own
 * transaction, so the row stays locked until that transaction ends: a rolled-back document gives
 * its number back and the series has no gap (French and EU VAT rules want an unbroken yearly series).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    planKey: text('plan_key').notNull(),
    interval: text('interval').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    stripeInvoiceId: text('stripe_invoice_id'),
    /** Stripe's hosted PDF; null for a manual invoice (Vigil renders it). */
    pdfUrl: text('pdf_url'),
    /** Seller and buyer as they were when the invoice was issued. */
    seller: jsonb('seller').$type<{ name: string; address: string; taxId: string }>().notNull(),
    buyer: jsonb('buyer').$type<{ name: string; email: string }>().notNull(),
    taxRate: integer('tax_rate_bp').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_stripe_idx').on(t.stripeInvoiceId),
    index('invoices_workspace_idx').on(t.workspaceId, t.issuedAt),
    index('invoices_status_idx').on(t.status, t.issuedAt),
  ],
);

/**
 * A credit note cancels (all of) an issued invoice, which is never edited nor deleted: its own
 * number in its own unbroken series, the amounts it takes back, why.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    /** 'cancellation' (the invoice was replaced before being paid) or 'refund'. */
    reason: text('reason').notNull(),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('credit_notes_number_idx').on(t.number),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_workspace_idx').on(t.workspaceId, t.issuedAt),
  ],
);

/** Money received: one row per payment, whatever the provider (the admin's "recent payments"). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    /** The provider's reference (Stripe invoice id); unique, so one payment is never recorded twice. */
    providerRef: text('provider_ref').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('payments_ref_idx').on(t.provider, t.providerRef), index('payments_paid_idx').on(t.paidAt)],
);

/**
 * Every Stripe webhook event received: its id is written in the transaction that applies it, so a
 * redelivery finds it and changes nothing. A failed one keeps its payload for the admin's retry.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    payload: jsonb('payload').notNull(),
    ...stamps,
  },
  (t) => [index('stripe_events_status_idx').on(t.status, t.createdAt)],
);

/** Trial reminders sent (3 days and 1 day before the end): one per workspace, kind and trial end. */
export const trialReminders = pgTable(
  'trial_reminders',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kind, t.trialEndDate] })],
);

/** The storage a workspace used each day (its highest reading): Billing's 30-day chart. */
export const storageDaily = pgTable(
  'storage_daily',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    ...stamps,
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);
