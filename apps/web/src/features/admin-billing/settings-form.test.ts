import type { PaymentSettings } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, serverProblems, settingsProblems, webhookUrl } from './settings-form.ts';

const saved: PaymentSettings = {
  provider: 'manual',
  currency: 'EUR',
  taxRate: 20,
  graceDays: 7,
  seller: { name: 'Vigil SAS', address: '1 rue de Paris', taxId: 'FR123' },
  manualInstructions: 'IBAN FR76…',
  stripe: { publishableKey: null, secretKeyHint: null, webhookSecretHint: null, accountName: null },
  updatedAt: null,
};

describe('payment settings form', () => {
  it('sends no Stripe keys for the manual provider', () => {
    const body = bodyOf(formOf(saved));
    expect(body).toEqual({
      provider: 'manual',
      currency: 'EUR',
      taxRate: 20,
      graceDays: 7,
      seller: { name: 'Vigil SAS', address: '1 rue de Paris', taxId: 'FR123' },
      manualInstructions: 'IBAN FR76…',
    });
  });
  it('keeps saved secrets by leaving them out', () => {
    const withKeys = {
      ...saved,
      provider: 'stripe' as const,
      stripe: {
        publishableKey: 'pk_test_abcd',
        secretKeyHint: '…abcd',
        webhookSecretHint: '…wxyz',
        accountName: 'Acme',
      },
    };
    const form = formOf(withKeys);
    expect(settingsProblems(form, withKeys)).toEqual({});
    expect(bodyOf(form).stripe).toEqual({ publishableKey: 'pk_test_abcd' });
    expect(bodyOf({ ...form, secretKey: ' sk_test_new1 ' }).stripe).toEqual({
      publishableKey: 'pk_test_abcd',
      secretKey: 'sk_test_new1',
    });
  });
  it('asks for the keys Stripe needs the first time', () => {
    const p = settingsProblems({ ...formOf(saved), provider: 'stripe' }, saved);
    expect(Object.keys(p).sort()).toEqual(['publishableKey', 'secretKey', 'webhookSecret']);
  });
  it('checks tax, grace and currency', () => {
    const p = settingsProblems({ ...formOf(saved), taxRate: '120', graceDays: '2.5', currency: 'EURO' }, saved);
    expect(Object.keys(p).sort()).toEqual(['currency', 'graceDays', 'taxRate']);
    expect(bodyOf({ ...formOf(saved), taxRate: '5,5' }).taxRate).toBe(5.5);
  });
  it('maps the server’s field names', () => {
    expect(serverProblems({ 'stripe.secretKey': 'Invalid API key', 'seller.name': 'too long' })).toEqual({
      secretKey: 'Invalid API key',
      sellerName: 'too long',
    });
  });
  it('names the webhook address', () => {
    expect(webhookUrl('https://cams.example.com')).toBe('https://cams.example.com/api/v1/billing/webhooks/stripe');
  });
});
