import type { AuthResult } from '@vigil/shared';
import { expect } from 'vitest';
import { freePort } from '../../../e2e/fixtures/rtsp-server.ts';
import { type TestApp, bearer, createTestApp, signUp } from './harness.ts';
import { type StubAccount, type TwilioStub, newAccount, startTwilioStub } from './twilio-stub.ts';

/**
 * The SMS tests' world: a Twilio stand-in, and a Vigil app that really listens (on PUBLIC_URL's
 * port) so the stand-in's signed callbacks arrive over HTTP at the URL they were signed for.
 */
export interface SmsWorld {
  t: TestApp;
  stub: TwilioStub;
  publicUrl: string;
  accounts: { a: StubAccount; b: StubAccount };
  close(): Promise<void>;
}

export async function startSmsWorld(): Promise<SmsWorld> {
  const accounts = { a: newAccount(['+14155550100']), b: newAccount(['+12025550123']) };
  const stub = await startTwilioStub([accounts.a, accounts.b]);
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: publicUrl, TWILIO_API_URL: stub.url });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    stub,
    publicUrl,
    accounts,
    close: async () => {
      await t.close();
      await stub.close();
    },
  };
}

export const TEMPLATES = { default: 'Vigil: {kind} on {camera} at {time}. {link}' };

/** A valid settings body for an account (its first number as From). */
export function settingsBody(account: StubAccount, over: Record<string, unknown> = {}) {
  return {
    accountSid: account.sid,
    authToken: account.token,
    fromNumber: account.numbers[0],
    templates: TEMPLATES,
    ratePerMinute: 30,
    monthlyCap: 500,
    enabled: true,
    ...over,
  };
}

export function putSettings(w: SmsWorld, token: string, payload: Record<string, unknown>) {
  return w.t.app.inject({ method: 'PUT', url: '/api/v1/sms/settings', headers: bearer(token), payload });
}

export function sendTest(w: SmsWorld, token: string, to: string) {
  return w.t.app.inject({ method: 'POST', url: '/api/v1/sms/test', headers: bearer(token), payload: { to } });
}

/** A workspace owner with the account saved. */
export async function ownerWithAccount(w: SmsWorld, account: StubAccount, over: Record<string, unknown> = {}) {
  const owner: AuthResult = await signUp(w.t.app);
  const res = await putSettings(w, owner.token, settingsBody(account, over));
  expect(res.statusCode, res.body).toBe(200);
  return owner;
}
