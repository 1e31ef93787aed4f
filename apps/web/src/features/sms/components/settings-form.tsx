import { SMS_CAP_MAX, SMS_RATE_MAX, type SmsSettings } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter, SettingsFieldset, SettingsFormCard } from '../../../components/ui/settings-form.tsx';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePhoneCheck } from '../../../lib/phone-check.ts';
import { useSaveSmsSettings } from '../api.ts';
import {
  type SettingsForm as Form,
  TEMPLATE_KEYS,
  type TemplateKey,
  bodyOf,
  formOf,
  formProblems,
  providerEntered,
} from '../sms-model.ts';
import { TemplatesEditor } from './templates-editor.tsx';

/**
 * The provider account, limits and templates, saved together (one PUT). The server checks the
 * account with Twilio before saving; the browser flags what it can first (a malformed number,
 * unknown variables), and shows the server's field errors beside their fields.
 */
export function SettingsForm({ settings }: { settings: SmsSettings }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSmsSettings();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [attempted, setAttempted] = useState(false);
  const [phoneTouched, setPhoneTouched] = useState(false);

  const phoneCheck = usePhoneCheck();
  const local = formProblems(form, phoneCheck);
  const localText = (field: string) => {
    const p = local[field];
    return p ? t(p.key, p.values ?? {}) : undefined;
  };
  const server = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const fieldError = (field: string) => localText(field) ?? server[field];
  const templateErrors = Object.fromEntries(
    TEMPLATE_KEYS.map((k) => [k, fieldError(`templates.${k}`)]).filter(([, v]) => v),
  ) as Partial<Record<TemplateKey, string>>;
  const change = (patch: Partial<Form>) => {
    save.reset();
    setForm((f) => ({ ...f, ...patch }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    if (Object.keys(local).length) return;
    save.mutate(bodyOf(form), {
      onSuccess: () => {
        toast({ kind: 'success', text: t('sms.saved') });
        setForm((f) => ({ ...f, authToken: '' }));
      },
    });
  };

  const canSend = providerEntered(form, settings);
  const tokenHint = settings.authTokenHint
    ? t('sms.authToken.saved', { hint: settings.authTokenHint })
    : t('sms.authToken.none');
  return (
    <SettingsFormCard onSubmit={submit}>
      <SettingsFieldset legend={t('sms.provider.title')}>
        <p className="text-sm text-muted">{t('sms.provider.hint')}</p>
        <TextField
          label={t('sms.accountSid')}
          value={form.accountSid}
          autoComplete="off"
          spellCheck={false}
          placeholder="AC…"
          onChange={(e) => change({ accountSid: e.target.value })}
          error={fieldError('accountSid')}
        />
        <TextField
          label={t('sms.authToken')}
          type="password"
          autoComplete="new-password"
          value={form.authToken}
          onChange={(e) => change({ authToken: e.target.value })}
          hint={tokenHint}
          error={fieldError('authToken')}
        />
        <TextField
          label={t('sms.fromNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={form.fromNumber}
          placeholder="+14155550100"
          onChange={(e) => change({ fromNumber: e.target.value })}
          onBlur={() => setPhoneTouched(true)}
          hint={t('sms.fromNumber.hint')}
          error={phoneTouched || attempted ? fieldError('fromNumber') : server.fromNumber}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('sms.rate')}
            type="number"
            min={1}
            max={SMS_RATE_MAX}
            value={form.ratePerMinute}
            onChange={(e) => change({ ratePerMinute: e.target.value })}
            error={fieldError('ratePerMinute')}
          />
          <TextField
            label={t('sms.cap')}
            type="number"
            min={1}
            max={SMS_CAP_MAX}
            value={form.monthlyCap}
            onChange={(e) => change({ monthlyCap: e.target.value })}
            error={fieldError('monthlyCap')}
          />
        </div>
        <p className="text-xs text-muted" data-testid="sms-usage">
          {t('sms.usage', { minute: settings.usage.lastMinute, month: settings.usage.thisMonth })}
        </p>
        <SwitchField
          label={t('sms.enabled')}
          description={t(canSend ? 'sms.enabled.hint' : 'sms.enabled.needsProvider')}
          checked={form.enabled && canSend}
          disabled={!canSend}
          onCheckedChange={(enabled) => change({ enabled })}
        />
      </SettingsFieldset>
      <TemplatesEditor
        templates={form.templates}
        errors={templateErrors}
        onChange={(key, text) => change({ templates: { ...form.templates, [key]: text } })}
      />
      <FormFooter
        save={save}
        problem={attempted && Object.keys(local).length > 0 && t('sms.fixErrors')}
        label={t('sms.save')}
        errorTestId="sms-save-error"
      />
    </SettingsFormCard>
  );
}
