import type { PaymentProvider, PaymentSettings, UpdatePaymentSettingsInput } from '@vigil/shared';
import { type Problem, readNumber } from './plan-form.ts';

export interface SettingsForm {
  provider: PaymentProvider;
  currency: string;
  taxRate: string;
  graceDays: string;
  sellerName: string;
  sellerAddress: string;
  sellerTaxId: string;
  manualInstructions: string;
  publishableKey: string;
  /** Empty: keep the saved secret (it never comes back from the server). */
  secretKey: string;
  webhookSecret: string;
}

export const FIELD_OF: Record<string, keyof SettingsForm> = {
  provider: 'provider',
  currency: 'currency',
  taxRate: 'taxRate',
  graceDays: 'graceDays',
  'seller.name': 'sellerName',
  'seller.address': 'sellerAddress',
  'seller.taxId': 'sellerTaxId',
  manualInstructions: 'manualInstructions',
  'stripe.publishableKey': 'publishableKey',
  'stripe.secretKey': 'secretKey',
  'stripe.webhookSecret': 'webhookSecret',
};

export function formOf(s: PaymentSettings): SettingsForm {
  return {
    provider: s.provider,
    currency: s.currency,
    taxRate: String(s.taxRate),
    graceDays: String(s.graceDays),
    sellerName: s.seller.name,
    sellerAddress: s.seller.address,
    sellerTaxId: s.seller.taxId,
    manualInstructions: s.manualInstructions,
    publishableKey: s.stripe.publishableKey ?? '',
    secretKey: '',
    webhookSecret: '',
  };
}

/** What the browser checks before the server (which also checks the keys with Stripe). */
export function settingsProblems(
  form: SettingsForm,
  saved: PaymentSettings,
): Partial<Record<keyof SettingsForm, Problem>> {
  const out: Partial<Record<keyof SettingsForm, Problem>> = {};
  if (!/^[A-Za-z]{3}$/.test(form.currency.trim())) out.currency = { key: 'pricing.error.currency' };
  const tax = readNumber(form.taxRate);
  if (Number.isNaN(tax) || tax < 0 || tax > 100) out.taxRate = { key: 'payments.error.taxRate' };
  const grace = readNumber(form.graceDays);
  if (!Number.isInteger(grace) || grace < 0 || grace > 90) out.graceDays = { key: 'payments.error.graceDays' };
  if (form.provider === 'stripe') {
    if (!form.publishableKey.trim()) out.publishableKey = { key: 'pricing.error.required' };
    // A secret is needed once; after that an empty field keeps the saved one.
    if (!form.secretKey.trim() && !saved.stripe.secretKeyHint) out.secretKey = { key: 'pricing.error.required' };
    if (!form.webhookSecret.trim() && !saved.stripe.webhookSecretHint)
      out.webhookSecret = { key: 'pricing.error.required' };
  }
  return out;
}

export function bodyOf(form: SettingsForm): UpdatePaymentSettingsInput {
  const body: UpdatePaymentSettingsInput = {
    provider: form.provider,
    currency: form.currency.trim().toUpperCase(),
    taxRate: readNumber(form.taxRate),
    graceDays: readNumber(form.graceDays),
    seller: { name: form.sellerName.trim(), address: form.sellerAddress.trim(), taxId: form.sellerTaxId.trim() },
    manualInstructions: form.manualInstructions.trim(),
  };
  // Stripe's keys travel only when there are some: the manual provider needs none, and an empty secret means "keep".
  const secret = form.secretKey.trim();
  const webhook = form.webhookSecret.trim();
  if (form.provider === 'stripe' || form.publishableKey.trim() || secret || webhook) {
    body.stripe = {
      publishableKey: form.publishableKey.trim(),
      ...(secret ? { secretKey: secret } : {}),
      ...(webhook ? { webhookSecret: webhook } : {}),
    };
  }
  return body;
}

export function serverProblems(
  fields: Record<string, string> | undefined,
): Partial<Record<keyof SettingsForm, string>> {
  const out: Partial<Record<keyof SettingsForm, string>> = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = FIELD_OF[path];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/** Where Stripe must send its events for this installation. */
export const webhookUrl = (origin: string) => `${origin}/api/v1/billing/webhooks/stripe`;
