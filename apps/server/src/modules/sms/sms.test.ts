import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/harness.ts';
import { errorOf, setRoleInDb, withPg } from '../../../test/helpers.ts';
import {
  type SmsWorld,
  TEMPLATES,
  ownerWithAccount,
  putSettings,
  sendTest,
  settingsBody,
  startSmsWorld,
} from '../../../test/sms-world.ts';
import { INBOUND_PATH, STATUS_CALLBACK_PATH } from './sms-sender.service.ts';

/**
 * The SMS manager against the real `twilio` SDK and a local Twilio stand-in that checks each
 * request and calls back signed, over HTTP.
 */
describe('SMS manager', () => {
  let w: SmsWorld;
  let owner: AuthResult;
  const phone = '+33612345678';

  const get = (token: string, url: string) => w.t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const settingsRows = (workspaceId: string) =>
    withPg(
      w.t.databaseUrl,
      async (c) => (await c.query('select * from sms_settings where workspace_id = $1', [workspaceId])).rows,
    );
  const messageRow = (sid: string) =>
    withPg(
      w.t.databaseUrl,
      async (c) => (await c.query('select * from sms_messages where provider_sid = $1', [sid])).rows[0],
    );

  beforeAll(async () => {
    w = await startSmsWorld();
    owner = await signUp(w.t.app);
  });
  afterAll(() => w.close());

  it('starts unconfigured, with the default template', async () => {
    const res = await get(owner.token, '/api/v1/sms/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ configured: false, accountSid: null, authTokenHint: null, enabled: false });
    expect(res.json().templates.default).toContain('{camera}');
  });

  it('refuses a wrong auth token on save (checked with Twilio) and saves nothing', async () => {
    const before = w.stub.requests.length;
    const res = await putSettings(w, owner.token, settingsBody(w.accounts.a, { authToken: 'f'.repeat(32) }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'invalid-argument', fields: { authToken: expect.any(String) } });
    expect(errorOf(res).message).toMatch(/Twilio refused these credentials/);
    expect(w.stub.requests.slice(before)).toEqual([`GET /2010-04-01/Accounts/${w.accounts.a.sid}.json`]);
    expect(await settingsRows(owner.workspace.id)).toEqual([]);
  });

  it('refuses a from number the account does not own, and malformed ones without asking Twilio', async () => {
    const notOwned = await putSettings(w, owner.token, settingsBody(w.accounts.a, { fromNumber: '+14155550199' }));
    expect(notOwned.statusCode).toBe(400);
    expect(errorOf(notOwned)).toMatchObject({
      code: 'failed-precondition',
      fields: { fromNumber: expect.stringMatching(/not a phone number of this Twilio account/) },
    });
    const before = w.stub.requests.length;
    for (const fromNumber of ['+1234', '0612345678', '+447700900123']) {
      const res = await putSettings(w, owner.token, settingsBody(w.accounts.a, { fromNumber }));
      expect(res.statusCode, fromNumber).toBe(400);
      expect(errorOf(res).fields?.fromNumber, fromNumber).toMatch(/^The from number /);
    }
    expect(w.stub.requests.length).toBe(before);
    expect(await settingsRows(owner.workspace.id)).toEqual([]);
  });

  it('refuses templates with unknown variables, naming them per template', async () => {
    const before = w.stub.requests.length;
    const res = await putSettings(
      w,
      owner.token,
      settingsBody(w.accounts.a, { templates: { default: 'Hi {camera} {cam}', 'camera.offline': '{when} {kind}' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({
      'templates.default': expect.stringContaining('{cam}'),
      'templates.camera.offline': expect.stringContaining('{when}'),
    });
    expect(w.stub.requests.length).toBe(before);
    expect(await settingsRows(owner.workspace.id)).toEqual([]);
  });

  it('saves the credentials sealed and shows them masked; a save without a new token keeps the old one', async () => {
    const res = await putSettings(w, owner.token, settingsBody(w.accounts.a));
    expect(res.statusCode, res.body).toBe(200);
    const token = w.accounts.a.token;
    expect(res.json()).toMatchObject({
      configured: true,
      accountSid: w.accounts.a.sid,
      authTokenHint: `••••${token.slice(-4)}`,
    });
    expect(res.body).not.toContain(token);
    const [row] = await settingsRows(owner.workspace.id);
    expect(row.auth_token).not.toContain(token);
    expect(row.auth_token).toMatch(/^v1:/);
    const read = await get(owner.token, '/api/v1/sms/settings');
    expect(read.body).not.toContain(token);
    expect(read.json().authTokenHint).toBe(`••••${token.slice(-4)}`);

    const before = w.stub.requests.length;
    const { authToken: _omit, ...noToken } = settingsBody(w.accounts.a, {
      templates: { ...TEMPLATES, motion: 'Motion: {camera} {link}' },
    });
    const kept = await putSettings(w, owner.token, noToken);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().templates.motion).toBe('Motion: {camera} {link}');
    expect(w.stub.requests.length).toBe(before); // nothing about the account changed: not re-checked
    const [after] = await settingsRows(owner.workspace.id);
    expect(after.auth_token).not.toBe(token);
    // Another account without its token is refused: the saved token belongs to the first one.
    const { authToken: _b, ...otherNoToken } = settingsBody(w.accounts.b);
    expect(errorOf(await putSettings(w, owner.token, otherNoToken)).fields?.authToken).toBeDefined();
    // Both saves are in the audit log, the refused one is not; the token never is.
    const audit = await get(owner.token, '/api/v1/audit?action=settings.sms-changed');
    const entries = audit.json().items;
    expect(entries.map((e: { details: { tokenChanged: boolean } }) => e.details.tokenChanged)).toEqual([false, true]);
    expect(entries[0]).toMatchObject({ actorId: owner.user.uid, details: { accountSid: w.accounts.a.sid } });
    expect(audit.body).not.toContain(token);
  });

  it('sends a test through the SDK with the saved credentials, then follows signed status callbacks', async () => {
    const res = await sendTest(w, owner.token, phone);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json();
    expect(message).toMatchObject({ status: 'queued', test: true, encoding: 'GSM-7', segments: 1, to: '+336••••••78' });
    const sent = w.stub.messages.at(-1)!;
    expect(sent.auth).toEqual({ user: w.accounts.a.sid, password: w.accounts.a.token });
    expect(sent.form).toMatchObject({
      To: phone,
      From: '+14155550100',
      Body: message.body,
      StatusCallback: w.publicUrl + STATUS_CALLBACK_PATH,
    });

    // Forged: a wrong signature, no signature, another account's token. Nothing changes.
    expect((await w.stub.statusCallback(sent.sid, 'delivered', { signature: 'bm90IGEgc2lnbmF0dXJl' })).status).toBe(
      403,
    );
    expect((await w.stub.statusCallback(sent.sid, 'delivered', { signature: '' })).status).toBe(403);
    const forged = await fetch(w.publicUrl + STATUS_CALLBACK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        AccountSid: w.accounts.a.sid,
        MessageSid: sent.sid,
        MessageStatus: 'failed',
        From: '+14155550100',
      }),
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('permission-denied');
    expect((await messageRow(sent.sid)).status).toBe('queued');

    const ok = await w.stub.statusCallback(sent.sid, 'sent');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<Response/>');
    expect((await messageRow(sent.sid)).status).toBe('sent');
    expect((await w.stub.statusCallback(sent.sid, 'delivered')).status).toBe(200);
    // A late "sent" after "delivered" (callbacks may cross) does not undo it.
    expect((await w.stub.statusCallback(sent.sid, 'sent')).status).toBe(200);
    const log = await get(owner.token, '/api/v1/sms/messages');
    expect(log.json().items[0]).toMatchObject({ id: message.id, status: 'delivered' });
  });

  it('records the carrier’s error code of an undelivered message', async () => {
    const res = await sendTest(w, owner.token, '+33612345679');
    const sid = w.stub.messages.at(-1)!.sid;
    expect((await w.stub.statusCallback(sid, 'undelivered', { errorCode: '30003' })).status).toBe(200);
    const item = (await get(owner.token, '/api/v1/sms/messages?status=undelivered')).json().items[0];
    expect(item).toMatchObject({ id: res.json().id, status: 'undelivered', errorCode: '30003' });
  });

  it('refuses invalid phone numbers for a test with a clear field error, sending nothing', async () => {
    const before = w.stub.messages.length;
    for (const to of ['0612345678', '+33 6 12 34 56 78', '+3361234', '+1', 'hello']) {
      const res = await sendTest(w, owner.token, to);
      expect(res.statusCode, to).toBe(400);
      expect(errorOf(res), to).toMatchObject({ code: 'invalid-argument', fields: { to: expect.any(String) } });
    }
    expect(w.stub.messages.length).toBe(before);
  });

  it('opts a number out on STOP and back in on START (signed inbound messages), honoured before a send', async () => {
    const inbound = w.publicUrl + INBOUND_PATH;
    const from = '+33700000000';
    const msg = { from, to: '+14155550100', body: ' stop ' };
    expect((await w.stub.inbound(inbound, w.accounts.a, msg, { signature: 'AAAA' })).status).toBe(403);
    expect((await get(owner.token, '/api/v1/sms/opt-outs')).json().items).toEqual([]);

    const stop = await w.stub.inbound(inbound, w.accounts.a, msg);
    expect(stop.status).toBe(200);
    expect(stop.headers.get('content-type')).toMatch(/xml/);
    expect(await stop.text()).toMatch(/<Response\/>$/);
    expect((await get(owner.token, '/api/v1/sms/opt-outs')).json().items).toEqual([
      { phone: from, at: expect.any(String) },
    ]);

    const before = w.stub.messages.length;
    const refused = await sendTest(w, owner.token, from);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('failed-precondition');
    expect(errorOf(refused).message).toMatch(/answered STOP/);
    expect(w.stub.messages.length).toBe(before);
    const log = (await get(owner.token, '/api/v1/sms/messages?status=refused')).json().items;
    expect(log[0]).toMatchObject({ status: 'refused', errorCode: 'opted-out' });

    expect((await w.stub.inbound(inbound, w.accounts.a, { ...msg, body: 'START' })).status).toBe(200);
    expect((await get(owner.token, '/api/v1/sms/opt-outs')).json().items).toEqual([]);
    expect((await sendTest(w, owner.token, from)).statusCode).toBe(200);
    expect(w.stub.messages.length).toBe(before + 1);
  });

  it('keeps another workspace and other roles out', async () => {
    await withPg(w.t.databaseUrl, (c) =>
      c.query('insert into sms_opt_outs (workspace_id, phone) values ($1, $2)', [owner.workspace.id, '+33612345670']),
    );
    const other = await ownerWithAccount(w, w.accounts.b);
    const theirs = await get(other.token, '/api/v1/sms/settings');
    expect(theirs.json().accountSid).toBe(w.accounts.b.sid);
    expect((await get(other.token, '/api/v1/sms/messages')).json().items).toEqual([]);
    expect((await get(other.token, '/api/v1/sms/opt-outs')).json().items).toEqual([]);
    const del = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sms/opt-outs/${encodeURIComponent('+33612345670')}`,
      headers: bearer(other.token),
    });
    expect(del.statusCode).toBe(404);
    expect((await get(owner.token, '/api/v1/sms/opt-outs')).json().items).toHaveLength(1);
    // Their STOP (their account, their number) does not touch this workspace's list.
    const stop = await w.stub.inbound(w.publicUrl + INBOUND_PATH, w.accounts.b, {
      from: '+33612345611',
      to: '+12025550123',
      body: 'STOP',
    });
    expect(stop.status).toBe(200);
    expect((await get(other.token, '/api/v1/sms/opt-outs')).json().items).toHaveLength(1);
    expect((await get(owner.token, '/api/v1/sms/opt-outs')).json().items).toHaveLength(1);
    // A callback for this workspace's message signed with the other account's token is refused.
    const sid = w.stub.messages.find((m) => m.accountSid === w.accounts.a.sid)!.sid;
    const res = await fetch(w.publicUrl + STATUS_CALLBACK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      body: new URLSearchParams({
        AccountSid: w.accounts.b.sid,
        MessageSid: sid,
        MessageStatus: 'failed',
        From: '+12025550123',
      }),
    });
    expect(res.status).toBe(403);

    const viewer = await signUp(w.t.app);
    await setRoleInDb(w.t.databaseUrl, viewer.user.uid, 'operator');
    for (const [method, url] of [
      ['GET', '/api/v1/sms/settings'],
      ['GET', '/api/v1/sms/messages'],
      ['GET', '/api/v1/sms/opt-outs'],
    ] as const)
      expect((await w.t.app.inject({ method, url, headers: bearer(viewer.token) })).statusCode, url).toBe(403);
    expect((await sendTest(w, viewer.token, phone)).statusCode).toBe(403);
    expect((await putSettings(w, viewer.token, settingsBody(w.accounts.a))).statusCode).toBe(403);

    // The owner removes the opt-out it holds.
    const own = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/v1/sms/opt-outs/${encodeURIComponent('+33612345670')}`,
      headers: bearer(owner.token),
    });
    expect(own.statusCode).toBe(204);
  });
});
