import {
  EVENT_KINDS,
  type EventKind,
  type SmsCount,
  type SmsSettings,
  type UpdateSmsSettingsInput,
  renderSms,
  smsCount,
  unknownVariables,
} from '@vigil/shared';
import { type PhoneCheck, phoneShapeProblem } from '../../lib/phone-check.ts';

/** Which template the editor shows: the default or one kind's override. */
export type TemplateKey = 'default' | EventKind;
export const TEMPLATE_KEYS: readonly TemplateKey[] = ['default', ...EVENT_KINDS];

/** Values like the real ones, so the live count is close to what a message costs. */
export const SAMPLE_VALUES = {
  camera: 'Front door',
  kind: 'Camera offline',
  time: '10 Mar, 14:05',
  link: 'https://vigil.example.com/viewer/events?id=0c6f6a39-2b1f-4d7e-9a53-8c1f4e0b7d21',
};

/** The count of a template as sent with sample values. */
export function templateCount(template: string): SmsCount {
  return smsCount(renderSms(template, SAMPLE_VALUES));
}

export interface SettingsForm {
  accountSid: string;
  /** Empty: keep the saved token. */
  authToken: string;
  fromNumber: string;
  templates: Record<TemplateKey, string>;
  ratePerMinute: string;
  monthlyCap: string;
  enabled: boolean;
}

export function formOf(s: SmsSettings): SettingsForm {
  const templates = Object.fromEntries(TEMPLATE_KEYS.map((k) => [k, s.templates[k] ?? ''])) as Record<
    TemplateKey,
    string
  >;
  return {
    accountSid: s.accountSid ?? '',
    authToken: '',
    fromNumber: s.fromNumber ?? '',
    templates,
    ratePerMinute: String(s.ratePerMinute),
    monthlyCap: String(s.monthlyCap),
    // Off until a provider is configured: nothing can leave without one, so "on" would say what is not.
    enabled: s.configured ? s.enabled : false,
  };
}

/**
 * Whether the form names a provider account the switch can send through: the account, the sender
 * number and a token (typed, or already saved). Until then the switch stays off and says why.
 */
export function providerEntered(f: SettingsForm, s: Pick<SmsSettings, 'authTokenHint'>): boolean {
  return f.accountSid.trim() !== '' && f.fromNumber.trim() !== '' && (f.authToken.trim() !== '' || !!s.authTokenHint);
}

export function bodyOf(f: SettingsForm): UpdateSmsSettingsInput {
  const templates: UpdateSmsSettingsInput['templates'] = { default: f.templates.default };
  for (const kind of EVENT_KINDS) if (f.templates[kind].trim()) templates[kind] = f.templates[kind];
  return {
    accountSid: f.accountSid.trim(),
    ...(f.authToken.trim() ? { authToken: f.authToken.trim() } : {}),
    fromNumber: f.fromNumber.trim(),
    templates,
    ratePerMinute: Number(f.ratePerMinute),
    monthlyCap: Number(f.monthlyCap),
    enabled: f.enabled,
  };
}

/**
 * What the browser can tell before saving, keyed like the server's field errors (fromNumber,
 * templates.<key>): a malformed number, unknown variables, an empty default. The number is checked
 * with `phoneProblem` (the full check once the page has loaded it, its shape until then).
 */
export function formProblems(
  f: SettingsForm,
  phoneProblem: PhoneCheck = phoneShapeProblem,
): Record<string, { key: string; values?: Record<string, string> }> {
  const out: Record<string, { key: string; values?: Record<string, string> }> = {};
  if (f.fromNumber.trim()) {
    const p = phoneProblem(f.fromNumber.trim());
    if (p) out.fromNumber = { key: 'sms.phoneInvalid' };
  }
  if (!f.templates.default.trim()) out['templates.default'] = { key: 'sms.templates.defaultRequired' };
  for (const k of TEMPLATE_KEYS) {
    const unknown = unknownVariables(f.templates[k]);
    if (unknown.length)
      out[`templates.${k}`] = {
        key: 'sms.templates.unknown',
        values: { names: unknown.map((u) => `{${u}}`).join(', ') },
      };
  }
  return out;
}
