import type { SmsSettings } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { bodyOf, formOf, formProblems, templateCount } from './sms-model.ts';

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
    expect(form.enabled).toBe(true);
    form.accountSid = ' AC0123 ';
    form.fromNumber = '+14155550100';
    form.templates.motion = 'Motion at {camera}';
    const body = bodyOf(form);
    expect(body).toMatchObject({ accountSid: 'AC0123', ratePerMinute: 30, monthlyCap: 500 });
    expect(body).not.toHaveProperty('authToken');
    expect(body.templates).toEqual({ default: unconfigured.templates.default, motion: 'Motion at {camera}' });
    expect(bodyOf({ ...form, authToken: ' secret ' }).authToken).toBe('secret');
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
