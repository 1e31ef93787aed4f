import { randomUUID } from 'node:crypto';
import { type Db, createDb } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../../test/harness.ts';
import { withPg } from '../../../../test/helpers.ts';
import { type PushService, type TestSubscription, startPushService } from '../../../../test/push-service.ts';
import { type Vapid, loadVapid } from '../vapid.ts';
import type { Channel, DeliveryContext } from '../../../lib/delivery-channel.ts';
import { createPushChannel, pushTopic } from './push.channel.ts';

/**
 * The push channel with the real `web-push` library against a local HTTPS push service that checks
 * the VAPID JWT and decrypts the payload (test/push-service.ts), as FCM or Mozilla's autopush would.
 */
describe('push channel', () => {
  let t: TestApp;
  let db: Db;
  let close: () => Promise<void>;
  let push: PushService;
  let vapid: Vapid;
  let channel: Channel;
  let ann: AuthResult;

  beforeAll(async () => {
    t = await createTestApp();
    const conn = createDb(t.databaseUrl, 2);
    db = conn.db;
    close = () => conn.pool.end();
    push = await startPushService();
    vapid = loadVapid(t.config);
    channel = createPushChannel({ db, vapid, policy: { allowLoopback: true }, agentOptions: { ca: push.ca } });
    ann = await signUp(t.app, { displayName: 'Ann' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(ann.token),
      payload: { preferences: { language: 'fr', timezone: 'Europe/Paris' } },
    });
  });
  afterAll(async () => {
    await push?.close();
    await close?.();
    await t?.close();
  });

  /** Saved through the API, as the browser does. */
  async function subscribed(): Promise<TestSubscription> {
    const sub = push.subscribe();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/device-tokens',
      headers: bearer(ann.token),
      payload: { token: sub.endpoint, keys: sub.keys, userAgent: 'test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sub;
  }

  const eventId = randomUUID();
  const ctx = (target: string, attempt = 1): DeliveryContext => ({
    delivery: {
      id: randomUUID(),
      workspaceId: ann.workspace.id,
      channel: 'push',
      target,
      userId: ann.user.uid,
      attempt,
    },
    event: {
      id: eventId,
      workspaceId: ann.workspace.id,
      workspaceName: 'Maison',
      cameraId: randomUUID(),
      cameraName: 'Garage',
      kind: 'motion',
      severity: 'alert',
      startAt: new Date('2026-03-10T14:05:09Z'),
      endAt: null,
      armed: true,
      zones: [],
      thumbnailKey: 'workspaces/x/events/y.jpg',
      detail: null,
    },
    link: `http://127.0.0.1:3000/viewer/events?id=${eventId}`,
    imageUrl: 'http://127.0.0.1:3000/api/v1/storage/object?k=signed',
  });

  const tokenRow = (token: string) =>
    withPg(
      t.databaseUrl,
      async (c) => (await c.query('select active from device_tokens where token = $1', [token])).rows[0],
    );

  it('sends an encrypted, VAPID-signed notification the push service accepts', async () => {
    const sub = await subscribed();
    const result = await channel.send(ctx(sub.endpoint));
    expect(result).toEqual({ ok: true, code: 201 });
    const got = push.received.at(-1)!;
    expect(got.problem).toBeNull();
    expect(got.endpoint).toBe(sub.endpoint);
    // Signed by this installation's key, the one browsers subscribe with.
    expect(got.vapidKey).toBe(vapid.publicKey);
    expect(got.claims).toMatchObject({ aud: push.origin, sub: 'mailto:no-reply@localhost' });
    // The connection went to the checked address, but TLS still named (and verified) the host.
    expect(got.servername).toBe('localhost');
    expect(got.headers).toMatchObject({ ttl: '3600', urgency: 'high', topic: pushTopic(eventId) });
    expect(got.headers.topic).toMatch(/^[\w-]{1,32}$/);
    expect(got.payload).toEqual({
      title: 'Garage · Mouvement',
      body: expect.stringMatching(/^10 mars 2026.*15:05:09 · Maison$/),
      image: 'http://127.0.0.1:3000/api/v1/storage/object?k=signed',
      url: `http://127.0.0.1:3000/viewer/events?id=${eventId}`,
      tag: eventId,
      eventId,
    });
  });

  it('the push service really checks: a JWT signed by another key, or keys of another subscription, are refused', async () => {
    const sub = await subscribed();
    const other = loadVapid({ dataDir: `${t.config.dataDir}/other`, vapid: t.config.vapid });
    const forged = createPushChannel({
      db,
      vapid: { ...vapid, publicKey: other.publicKey },
      policy: { allowLoopback: true },
      agentOptions: { ca: push.ca },
    });
    expect(await forged.send(ctx(sub.endpoint))).toMatchObject({ ok: false, retry: false, code: 400 });
    expect(push.received.at(-1)!.problem).toBe('JWT signature does not verify with k');
    // Encrypted for a different browser key: the push service cannot decrypt it.
    const stranger = push.subscribe();
    await withPg(t.databaseUrl, (c) =>
      c.query('update device_tokens set keys = $2 where token = $1', [sub.endpoint, JSON.stringify(stranger.keys)]),
    );
    expect(await channel.send(ctx(sub.endpoint))).toMatchObject({ ok: false, code: 400 });
    expect(push.received.at(-1)!.problem).toMatch(/authenticate|auth/i);
  });

  it('410 Gone: the token is deactivated, not retried, and never used again', async () => {
    const sub = await subscribed();
    push.answer(sub.endpoint, 410);
    const before = push.received.length;
    expect(await channel.send(ctx(sub.endpoint))).toMatchObject({ ok: false, retry: false, code: 410 });
    expect(push.received.length).toBe(before + 1);
    expect(await tokenRow(sub.endpoint)).toEqual({ active: false });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/device-tokens', headers: bearer(ann.token) });
    expect(list.json().items.find((d: { token: string }) => d.token === sub.endpoint).active).toBe(false);
    // The next alert does not reach the push service at all.
    expect(await channel.send(ctx(sub.endpoint))).toMatchObject({ ok: false, retry: false, skipped: true });
    expect(push.received.length).toBe(before + 1);
    // Subscribing again (the app re-saves on start) brings it back.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/device-tokens',
      headers: bearer(ann.token),
      payload: { token: sub.endpoint, keys: sub.keys },
    });
    expect(await channel.send(ctx(sub.endpoint))).toEqual({ ok: true, code: 201 });
  });

  it('404 also drops the token; 429 and 5xx are retried; other 4xx are not', async () => {
    const gone = await subscribed();
    push.answer(gone.endpoint, 404);
    expect(await channel.send(ctx(gone.endpoint))).toMatchObject({ ok: false, retry: false, code: 404 });
    expect(await tokenRow(gone.endpoint)).toEqual({ active: false });

    const busy = await subscribed();
    push.answer(busy.endpoint, 429, 503, 413, 202);
    expect(await channel.send(ctx(busy.endpoint))).toMatchObject({ ok: false, retry: true, code: 429 });
    expect(await channel.send(ctx(busy.endpoint, 2))).toMatchObject({ ok: false, retry: true, code: 503 });
    expect(await channel.send(ctx(busy.endpoint, 3))).toMatchObject({ ok: false, retry: false, code: 413 });
    expect(await channel.send(ctx(busy.endpoint, 4))).toEqual({ ok: true, code: 202 });
    expect(await tokenRow(busy.endpoint)).toEqual({ active: true });
  });

  it('a push service that cannot be reached is retried; an untrusted certificate is refused', async () => {
    const sub = await subscribed();
    const down = await startPushService();
    const endpoint = down.subscribe().endpoint;
    await down.close();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/device-tokens',
      headers: bearer(ann.token),
      payload: { token: endpoint, keys: sub.keys },
    });
    const result = await channel.send(ctx(endpoint));
    expect(result).toMatchObject({ ok: false, retry: true, error: expect.stringMatching(/ECONNREFUSED/) });
    // Without the test CA the self-signed certificate does not pass: nothing is delivered.
    const strictTls = createPushChannel({ db, vapid, policy: { allowLoopback: true } });
    const before = push.received.length;
    expect(await strictTls.send(ctx(sub.endpoint))).toMatchObject({ ok: false });
    expect(push.received.length).toBe(before);
  });

  it('checks the endpoint against the outbound policy again at send time', async () => {
    const sub = await subscribed();
    const before = push.received.length;
    const strict = createPushChannel({ db, vapid, policy: { allowLoopback: false }, agentOptions: { ca: push.ca } });
    expect(await strict.send(ctx(sub.endpoint))).toMatchObject({
      ok: false,
      retry: false,
      error: expect.stringMatching(/not allowed as a target/),
    });
    // A row written behind the API's back (or before a policy change) with a metadata address.
    const metadata = 'https://169.254.169.254/latest/meta-data/push';
    await withPg(t.databaseUrl, (c) =>
      c.query(`insert into device_tokens (token, user_id, platform, keys) values ($1, $2, 'web', $3)`, [
        metadata,
        ann.user.uid,
        JSON.stringify(sub.keys),
      ]),
    );
    expect(await channel.send(ctx(metadata))).toMatchObject({ ok: false, retry: false });
    expect(push.received.length).toBe(before);
  });
});
