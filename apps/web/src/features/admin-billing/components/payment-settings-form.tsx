import type { PaymentProvider, PaymentSettings } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter, SettingsFieldset, SettingsFormCard } from '../../../components/ui/settings-form.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSavePaymentSettings } from '../api.ts';
import { type SettingsForm, bodyOf, formOf, serverProblems, settingsProblems, webhookUrl } from '../settings-form.ts';

/**
 * The provider and the invoice details, saved together. Stripe's secrets are write-only: the
 * page shows their last characters and an empty field keeps them; the server checks new keys with Stripe.
 */
export function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSavePaymentSettings();
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings));
  const [attempted, setAttempted] = useState(false);
  const local = settingsProblems(form, settings);
  const server = save.error instanceof ApiError ? serverProblems(save.error.fields) : {};
  const errorOf = (f: keyof SettingsForm) => {
    const p = attempted ? local[f] : undefined;
    return p ? t(p.key) : server[f];
  };
  const change = (patch: Partial<SettingsForm>) => {
    save.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const field = (f: keyof SettingsForm) => ({
    value: form[f],
    onChange: (e: { target: { value: string } }) => change({ [f]: e.target.value } as Partial<SettingsForm>),
    error: errorOf(f),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(local).length) return;
    save.mutate(bodyOf(form), {
      onSuccess: () => {
        toast({ kind: 'success', text: t('payments.saved') });
        setForm((f) => ({ ...f, secretKey: '', webhookSecret: '' }));
        setAttempted(false);
      },
    });
  };
  const hint = (h: string | null) => (h ? t('payments.secretSaved', { hint: h }) : t('payments.secretNone'));

  return (
    <SettingsFormCard onSubmit={submit}>
      <SettingsFieldset legend={t('payments.provider')}>
        <div role="radiogroup" aria-label={t('payments.provider')} className="grid gap-2">
          {(['manual', 'stripe'] as PaymentProvider[]).map((p) => (
            <label
              key={p}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-line p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="provider"
                value={p}
                checked={form.provider === p}
                onChange={() => change({ provider: p })}
                className="mt-1"
              />
              <span>
                <span className="block text-sm font-medium text-fg">{t(`payments.provider.${p}`)}</span>
                <span className="block text-xs text-muted">{t(`payments.provider.${p}.hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        {form.provider === 'stripe' && (
          <div className="grid gap-3" data-testid="stripe-fields">
            {settings.stripe.accountName && (
              <p className="text-sm text-ok-fg">{t('payments.stripeAccount', { name: settings.stripe.accountName })}</p>
            )}
            <TextField
              label={t('payments.publishableKey')}
              autoComplete="off"
              spellCheck={false}
              placeholder="pk_live_…"
              {...field('publishableKey')}
            />
            <TextField
              label={t('payments.secretKey')}
              type="password"
              autoComplete="new-password"
              placeholder="sk_live_…"
              hint={hint(settings.stripe.secretKeyHint)}
              {...field('secretKey')}
            />
            <TextField
              label={t('payments.webhookSecret')}
              type="password"
              autoComplete="new-password"
              placeholder="whsec_…"
              hint={hint(settings.stripe.webhookSecretHint)}
              {...field('webhookSecret')}
            />
            <div className="text-sm">
              <p className="font-medium text-fg">{t('payments.webhookUrl')}</p>
              <p className="text-xs text-muted">{t('payments.webhookUrlHint')}</p>
              <code className="mt-1 block rounded bg-sunken px-2 py-1 break-all text-fg" data-testid="webhook-url">
                {webhookUrl(window.location.origin)}
              </code>
            </div>
          </div>
        )}
        <TextareaField
          label={t('payments.instructions')}
          hint={t('payments.instructionsHint')}
          rows={4}
          {...field('manualInstructions')}
        />
      </SettingsFieldset>
      <SettingsFieldset legend={t('payments.invoicing')}>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label={t('pricing.field.currency')} maxLength={3} autoComplete="off" {...field('currency')} />
          <TextField label={t('payments.taxRate')} inputMode="decimal" {...field('taxRate')} />
          <TextField label={t('payments.graceDays')} inputMode="numeric" {...field('graceDays')} />
        </div>
        <p className="text-xs text-muted">{t('payments.graceHint')}</p>
        <TextField label={t('payments.sellerName')} autoComplete="organization" {...field('sellerName')} />
        <TextareaField label={t('payments.sellerAddress')} rows={3} {...field('sellerAddress')} />
        <TextField label={t('payments.sellerTaxId')} autoComplete="off" {...field('sellerTaxId')} />
      </SettingsFieldset>
      <FormFooter
        save={save}
        problem={attempted && Object.keys(local).length > 0 && t('pricing.fixErrors')}
        label={t('payments.save')}
        errorTestId="payments-save-error"
      />
    </SettingsFormCard>
  );
}
