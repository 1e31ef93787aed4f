import type { SmsSettings } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, formProblems, providerEntered, templateCount } from './sms-model.ts';

const unconfigured: SmsSettings = {
  configured: false,
  provider: 'twilio',
  accountSid: null,
  authTokenHint: null,
  fromNumber: null,
  templates: { default: 'Vigil: {kind} on {camera} at {time}. {link}' },
  ratePerMinute: 30,
  monthlyCap: 500,
  enabled: false,
  usage: { lastMinute: 0, thisMonth: 0 },
  updatedAt: null,
};

describe('SMS settings form model', () => {
  it('sends only non-empty overrides and no token unless one was typed', () => {
    const form = formOf(unconfigured);
    // Off until a provider is configured.
    expect(form.enabled).toBe(false);
    form.accountSid = ' AC0123 ';
    form.fromNumber = '+14155550100';
    form.templates.motion = 'Motion at {camera}';
    const body = bodyOf(form);
    expect(body).toMatchObject({ accountSid: 'AC0123', ratePerMinute: 30, monthlyCap: 500 });
    expect(body).not.toHaveProperty('authToken');
    expect(body.templates).toEqual({ default: unconfigured.templates.default, motion: 'Motion at {camera}' });
    expect(bodyOf({ ...form, authToken: ' secret ' }).authToken).toBe('secret');
  });

  it('the switch can turn on only once the form names a provider account (a saved token counts)', () => {
    const form = formOf(unconfigured);
    expect(providerEntered(form, unconfigured)).toBe(false);
    form.accountSid = 'AC0123456789abcdef0123456789abcdef';
    form.fromNumber = '+14155550100';
    expect(providerEntered(form, unconfigured)).toBe(false);
    expect(providerEntered({ ...form, authToken: 'a-token-of-sixteen' }, unconfigured)).toBe(true);
    expect(providerEntered(form, { authTokenHint: '1234' })).toBe(true);
    // A configured account keeps what was saved.
    expect(formOf({ ...unconfigured, configured: true, enabled: true }).enabled).toBe(true);
  });

  it('flags unknown variables per template, a malformed number and an empty default', () => {
    const form = formOf(unconfigured);
    form.fromNumber = '0612345678';
    form.templates.default = ' ';
    form.templates['camera.offline'] = '{cam} is {state}';
    expect(formProblems(form)).toEqual({
      fromNumber: { key: 'sms.phoneInvalid' },
      'templates.default': { key: 'sms.templates.defaultRequired' },
      'templates.camera.offline': { key: 'sms.templates.unknown', values: { names: '{cam}, {state}' } },
    });
  });

  it('counts a template as sent with sample values, UCS-2 once an emoji is in', () => {
    expect(templateCount('{camera}: {kind}')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(templateCount('{camera}: {kind} 🚨')).toMatchObject({ encoding: 'UCS-2', segments: 1 });
  });
});
