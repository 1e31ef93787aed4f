import type { Db } from '@vigil/db';
import type { PaymentSettings, UpdatePaymentSettingsInput } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.module.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type StoredPaymentSettings, paymentSettingsRepo as repo } from './payment-settings.repo.ts';

/** Checks a Stripe secret key against Stripe's API: the account's name, or throws AppError. */
export type StripeKeyCheck = (secretKey: string) => Promise<string>;

const hint = (sealed: string | null, secrets: SecretBox) => (sealed ? `…${secrets.open(sealed).slice(-4)}` : null);

export function toPaymentSettings(s: StoredPaymentSettings, secrets: SecretBox): PaymentSettings {
  return {
    provider: s.provider,
    currency: s.currency,
    taxRate: s.taxRate,
    graceDays: s.graceDays,
    seller: s.seller,
    manualInstructions: s.manualInstructions,
    stripe: {
      publishableKey: s.stripe.publishableKey,
      secretKeyHint: hint(s.stripe.secretKey, secrets),
      webhookSecretHint: hint(s.stripe.webhookSecret, secrets),
      accountName: s.stripe.accountName,
    },
    updatedAt: s.updatedAt,
  };
}

const PLAIN_FIELDS = ['provider', 'currency', 'taxRate', 'graceDays', 'seller', 'manualInstructions'] as const;

/** What the audit entry says changed: field names, the provider, whether a Stripe secret was replaced — never a secret. */
function paymentChange(before: StoredPaymentSettings, after: StoredPaymentSettings, input: UpdatePaymentSettingsInput) {
  const fields: string[] = PLAIN_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (before.stripe.publishableKey !== after.stripe.publishableKey) fields.push('stripe.publishableKey');
  if (input.stripe?.secretKey) fields.push('stripe.secretKey');
  if (input.stripe?.webhookSecret) fields.push('stripe.webhookSecret');
  return {
    fields,
    provider: after.provider,
    ...(before.provider !== after.provider ? { previousProvider: before.provider } : {}),
  };
}

/**
 * Admin › Payment settings. Stripe's keys are sealed at rest and never sent back; a new secret
 * key is checked against Stripe before anything is saved, and Stripe cannot be chosen without
 * a checked key and a webhook secret.
 */
export function createPaymentSettingsService(deps: { db: Db; secrets: SecretBox; checkStripeKey: StripeKeyCheck }) {
  const { db, secrets } = deps;
  return {
    read: async () => toPaymentSettings(await repo.read(db), secrets),
    /** The stored settings with Stripe's secrets opened, for the providers. */
    async effective() {
      const s = await repo.read(db);
      return {
        ...s,
        stripeSecretKey: s.stripe.secretKey ? secrets.open(s.stripe.secretKey) : null,
        stripeWebhookSecret: s.stripe.webhookSecret ? secrets.open(s.stripe.webhookSecret) : null,
      };
    },

    async save(input: UpdatePaymentSettingsInput): Promise<PaymentSettings> {
      const current = await repo.read(db);
      const next: StoredPaymentSettings = {
        ...current,
        ...(input.provider ? { provider: input.provider } : {}),
        ...(input.currency ? { currency: input.currency } : {}),
        ...(input.taxRate !== undefined ? { taxRate: input.taxRate } : {}),
        ...(input.graceDays !== undefined ? { graceDays: input.graceDays } : {}),
        ...(input.seller ? { seller: input.seller } : {}),
        ...(input.manualInstructions !== undefined ? { manualInstructions: input.manualInstructions } : {}),
        updatedAt: new Date().toISOString(),
      };
      if (input.stripe) {
        const { publishableKey, secretKey, webhookSecret } = input.stripe;
        const mode = (k: string) => (k.includes('_live_') ? 'live' : 'test');
        if (secretKey && mode(secretKey) !== mode(publishableKey))
          throw new AppError('invalid-argument', 'Invalid request parameters.', {
            'stripe.publishableKey': 'the publishable and secret keys are from different modes (test / live)',
          });
        let accountName = current.stripe.accountName;
        if (secretKey) accountName = await deps.checkStripeKey(secretKey);
        next.stripe = {
          publishableKey,
          secretKey: secretKey ? secrets.seal(secretKey) : current.stripe.secretKey,
          webhookSecret: webhookSecret ? secrets.seal(webhookSecret) : current.stripe.webhookSecret,
          accountName,
        };
      }
      if (next.provider === 'stripe' && (!next.stripe.secretKey || !next.stripe.webhookSecret))
        throw new AppError(
          'failed-precondition',
          'Connect Stripe first: its secret key and webhook secret are needed.',
          {
            provider: 'Stripe is not connected',
          },
        );
      await db.transaction(async (tx) => {
        await repo.write(tx, next);
        await audit.record(tx, {
          action: 'settings.payment-changed',
          workspaceId: null,
          targetType: 'installation',
          details: paymentChange(current, next, input),
        });
      });
      return toPaymentSettings(next, secrets);
    },
  };
}
export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
