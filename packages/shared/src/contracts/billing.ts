import { z } from 'zod';
import { isoDate } from './common.ts';
import { limitsSchema, usageSchema } from './user.ts';
import { PLAN_STATUSES } from '../plan-status.ts';
/**
 * Plans, the workspace's subscription, invoices and the installation's payment
 * settings. Prices travel in the currency's major unit (29.5 = 29.50 €) and are stored in minor units.
 */
export * from './billing-values.ts';
import {
  PLAN_KEY_RE,
  BILLING_INTERVALS,
  PAYMENT_PROVIDERS,
  SUBSCRIPTION_SOURCES,
  MAX_PRICE,
  INVOICE_STATUSES,
  CREDIT_NOTE_REASONS,
  PLAN_CHANGE_TIMINGS,
  WEBHOOK_EVENT_STATUSES,
} from './billing-values.ts';

export const planKeySchema = z.string().regex(PLAN_KEY_RE, 'lowercase letters, digits and dashes, 2 to 32');

const currencies = new Set<string>(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['EUR', 'USD', 'GBP'],
);
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => currencies.has(c), 'an ISO 4217 currency code, like EUR or USD');

const price = z
  .number()
  .finite()
  .min(0, 'a price is 0 or more')
  .max(MAX_PRICE)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'at most two decimals');

export const planLimitsSchema = z
  .object({
    maxCameras: z.number().int().min(0).max(100_000),
    maxRecordings: z.number().int().min(1).max(100_000_000),
    /** GB (10^9 bytes). */
    maxStorage: z.number().finite().positive().max(10_000_000),
    aiAnalysisQuota: z.number().int().min(0).max(1_000_000_000),
  })
  .strict();
export const planFeaturesSchema = z.object({ aiAccess: z.boolean(), vms: z.boolean() }).strict();
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** A plan as the public pricing shows it. */
export const planSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  currency: z.string(),
  prices: z.object({ monthly: z.number(), yearly: z.number() }),
  limits: limitsSchema,
  features: planFeaturesSchema,
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.object({ items: z.array(planSchema) });

/** The pricing editor's view: also hidden and archived plans, and who is on each. */
export const adminPlanSchema = planSchema.extend({
  public: z.boolean(),
  archived: z.boolean(),
  order: z.number().int(),
  subscribers: z.number().int(),
  updatedAt: isoDate,
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.object({ items: z.array(adminPlanSchema) });

const planFields = {
  name: z.string().trim().min(1).max(60),
  description: z.string().trim().max(500),
  currency: currencySchema,
  prices: z.object({ monthly: price, yearly: price }).strict(),
  limits: planLimitsSchema,
  features: planFeaturesSchema,
  public: z.boolean(),
  archived: z.boolean(),
  order: z.number().int().min(0).max(10_000),
};
export const createPlanSchema = z
  .object({
    key: planKeySchema,
    ...planFields,
    description: planFields.description.default(''),
    public: planFields.public.default(true),
    archived: planFields.archived.default(false),
    order: planFields.order.default(100),
  })
  .strict();
export type CreatePlanInput = z.infer<typeof createPlanSchema>;
export const updatePlanSchema = z.object(planFields).partial().strict();
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

/** Admin › Users: put a workspace on a plan (complimentary), or set its trial's end (extend, or end it now). */
export const adminSetPlanSchema = z
  .object({ plan: planKeySchema.optional(), trialEndDate: isoDate.pipe(z.coerce.date()).optional() })
  .strict()
  .refine((v) => v.plan !== undefined || v.trialEndDate !== undefined, 'give a plan or a trial end date');

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  planKey: z.string(),
  planName: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  currency: z.string(),
  /** Major units: before tax, the tax, and what is due. */
  amount: z.number(),
  tax: z.number(),
  total: z.number(),
  periodStart: isoDate,
  periodEnd: isoDate,
  issuedAt: isoDate,
  paidAt: isoDate.nullable(),
  /** Stripe's hosted PDF, or Vigil's own for a manual invoice (a signed link). */
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const creditNoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  reason: z.enum(CREDIT_NOTE_REASONS),
  currency: z.string(),
  /** Major units taken back: before tax, the tax, the whole. */
  amount: z.number(),
  tax: z.number(),
  total: z.number(),
  issuedAt: isoDate,
  pdfUrl: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

export const billingSchema = z.object({
  plan: z.string(),
  planName: z.string(),
  planStatus: z.enum(PLAN_STATUSES),
  interval: z.enum(BILLING_INTERVALS).nullable(),
  source: z.enum(SUBSCRIPTION_SOURCES).nullable(),
  trialEndDate: isoDate,
  trialDaysLeft: z.number().int(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** A move down Stripe makes at the period's end: to which plan and interval, and when. */
  pendingChange: z
    .object({ plan: z.string(), planName: z.string(), interval: z.enum(BILLING_INTERVALS), at: isoDate })
    .nullable(),
  /** When the status changes by itself next (a trial's or period's end), if it will. */
  nextChangeAt: isoDate.nullable(),
  limits: limitsSchema,
  usage: usageSchema,
  features: planFeaturesSchema,
  /** Price of the current plan at the next renewal (major units), if billed. */
  nextAmount: z.number().nullable(),
  currency: z.string(),
  paymentMethod: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('card'), brand: z.string(), last4: z.string() }),
      z.object({ type: z.literal('invoice') }),
    ])
    .nullable(),
  /** Which provider takes payments on this installation now. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** An unpaid manual invoice waiting for the administrator. */
  openInvoiceId: z.string().nullable(),
  storageHistory: z.array(z.object({ day: z.string(), bytes: z.number() })),
  invoices: z.array(invoiceSchema),
  creditNotes: z.array(creditNoteSchema),
});
export type Billing = z.infer<typeof billingSchema>;

export const checkoutSchema = z.object({ plan: planKeySchema, interval: z.enum(BILLING_INTERVALS) }).strict();
export const checkoutResultSchema = z.union([z.object({ url: z.string() }), z.object({ invoiceId: z.string() })]);
export const portalResultSchema = z.object({ url: z.string() });

export const planChangeSchema = checkoutSchema;
export const planChangePreviewSchema = z.object({
  plan: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  timing: z.enum(PLAN_CHANGE_TIMINGS),
  /** When the new plan starts: now, or the current period's end. */
  effectiveAt: isoDate,
  /** What Stripe will charge (major units, tax included): the prorated difference now, or the first invoice at the new price. */
  amountDue: z.number(),
  currency: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** Admin › Payment settings as read: secrets never travel back, only whether they are set and their end. */
export const paymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  currency: z.string(),
  /** Percent added to every invoice (VAT). */
  taxRate: z.number(),
  graceDays: z.number().int(),
  seller: z.object({ name: z.string(), address: z.string(), taxId: z.string() }),
  /** What a manual invoice tells the customer (bank details). */
  manualInstructions: z.string(),
  stripe: z.object({
    publishableKey: z.string().nullable(),
    secretKeyHint: z.string().nullable(),
    webhookSecretHint: z.string().nullable(),
    /** The Stripe account the key belongs to, as checked on save. */
    accountName: z.string().nullable(),
  }),
  updatedAt: isoDate.nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const updatePaymentSettingsSchema = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    currency: currencySchema,
    taxRate: z.number().finite().min(0).max(100),
    graceDays: z.number().int().min(0).max(90),
    seller: z
      .object({
        name: z.string().trim().max(200),
        address: z.string().trim().max(1000),
        taxId: z.string().trim().max(64),
      })
      .strict(),
    manualInstructions: z.string().trim().max(2000),
    /** Omitted secrets keep what is saved; the keys are checked against Stripe's API on save. */
    stripe: z
      .object({
        publishableKey: z
          .string()
          .trim()
          .regex(/^pk_(test|live)_\w{4,}$/, 'a publishable key, pk_…'),
        secretKey: z
          .string()
          .trim()
          .regex(/^(sk|rk)_(test|live)_\w{4,}$/, 'a secret key, sk_…')
          .optional(),
        webhookSecret: z
          .string()
          .trim()
          .regex(/^whsec_\w{4,}$/, 'a webhook signing secret, whsec_…')
          .optional(),
      })
      .strict()
      .optional(),
  })
  .partial()
  .strict();
export type UpdatePaymentSettingsInput = z.infer<typeof updatePaymentSettingsSchema>;

export const adminInvoiceSchema = invoiceSchema.extend({
  workspaceId: z.string(),
  workspaceName: z.string(),
  ownerEmail: z.string(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;
export const adminInvoiceListSchema = z.object({ items: z.array(adminInvoiceSchema) });
export const adminCreditNoteSchema = creditNoteSchema.extend({ workspaceName: z.string(), ownerEmail: z.string() });
export type AdminCreditNote = z.infer<typeof adminCreditNoteSchema>;
export const adminCreditNoteListSchema = z.object({ items: z.array(adminCreditNoteSchema) });
export const adminInvoiceQuerySchema = z.object({ status: z.enum(INVOICE_STATUSES).optional() }).strict();

export const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  receivedAt: isoDate,
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export const webhookEventListSchema = z.object({ items: z.array(webhookEventSchema) });

export const adminPaymentSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  ownerEmail: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.number(),
  currency: z.string(),
  invoiceNumber: z.string().nullable(),
  paidAt: isoDate,
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListSchema = z.object({ items: z.array(adminPaymentSchema) });
