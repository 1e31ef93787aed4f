import { createDb, type Db } from '@vigil/db';
import type { Delivery, EventKind } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { errorOf, withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { insertEvent } from '../events/events.module.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { testNotifier } from '../../../test/notifier.ts';

/**
 * The delivery engine end to end on the real queue: an event written the way the recorder writes
 * it queues its fan-out; rules, cooldowns, snooze and preferences decide the deliveries; webhooks
 * reach a local receiver that checks the signature; failures are retried with backoff and logged.
 */
const SECRET = 'whsec-0123456789abcdef';

describe('notifications: rules, webhooks and the delivery log', () => {
  const w = useEventsWorld();
  let db: Db;
  let end: () => Promise<void>;
  let worker: JobWorker;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    const c = createDb(w.t.databaseUrl, 3);
    db = c.db;
    end = () => c.pool.end();
    hook = await startWebhookReceiver(SECRET);
    const notifier = testNotifier(w.t.config, {
      db,
      retryDelaysMs: [100, 100, 100],
    });
    worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db, tasks: notifier.tasks });
  });
  afterAll(async () => {
    await worker?.stop();
    await hook?.close();
    await end?.();
  });

  const ownerWs = () =>
    withPg(
      w.t.databaseUrl,
      async (c) =>
        (await c.query('select workspace_id from cameras where id = $1', [w.camA])).rows[0].workspace_id as string,
    );
  const event = async (cameraId: string, kind: EventKind = 'motion', startAt = new Date()) =>
    (await insertEvent(db, { cameraId, workspaceId: await ownerWs(), kind, startAt }))!;
  const deliveriesOf = (eventId: string) =>
    withPg(
      w.t.databaseUrl,
      async (c) =>
        (
          await c.query('select channel, status, user_id from deliveries where event_id = $1 order by channel', [
            eventId,
          ])
        ).rows,
    );
  /** Polls until the event's fan-out has run (its webhook or email delivery exists). */
  const until = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('rules: the workspace starts with one; create, change, delete; bad input is refused clearly', async () => {
    const list = (await w.get(w.owner.token, '/api/v1/notification-rules')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      name: 'Alerts',
      severities: ['alert'],
      recipientRoles: ['owner', 'manager'],
      channels: ['push', 'email'],
      cooldownSeconds: 300,
    });
    const people = (await w.get(w.owner.token, '/api/v1/notification-rules/recipients')).json().items;
    expect(people).toContainEqual(expect.objectContaining({ id: w.owner.uid, role: 'owner' }));
    expect(people.map((p: { role: string }) => p.role).sort()).toEqual(['owner']); // each sign-up is its own workspace until the team issue
    const created = await w.send(w.owner.token, 'POST', '/api/v1/notification-rules', {
      name: 'Night door',
      kinds: ['motion'],
      cameraIds: [w.camA],
      onlyWhenArmed: true,
      recipientUserIds: [w.owner.uid],
      channels: ['sms'],
      cooldownSeconds: 60,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await w.get(w.owner.token, `/api/v1/notification-rules/${id}`)).json()).toMatchObject({
      id,
      cameraIds: [w.camA],
    });
    const patched = await w.send(w.owner.token, 'PATCH', `/api/v1/notification-rules/${id}`, { enabled: false });
    expect(patched.json()).toMatchObject({ enabled: false, name: 'Night door' });
    // Another workspace's camera, nobody to tell, an unknown kind, a viewer, another tenant.
    const foreign = await w.send(w.owner.token, 'PATCH', `/api/v1/notification-rules/${id}`, {
      cameraIds: [w.foreignCam],
    });
    expect(errorOf(foreign)).toMatchObject({
      code: 'invalid-argument',
      fields: { cameraIds: expect.stringContaining('not in this workspace') },
    });
    const nobody = await w.send(w.owner.token, 'POST', '/api/v1/notification-rules', {
      name: 'x',
      channels: ['email'],
    });
    expect(errorOf(nobody)).toMatchObject({ code: 'invalid-argument', fields: { recipientRoles: expect.any(String) } });
    const badKind = await w.send(w.owner.token, 'POST', '/api/v1/notification-rules', {
      name: 'x',
      kinds: ['fire'],
      recipientRoles: ['owner'],
      channels: ['email'],
    });
    expect(badKind.statusCode).toBe(400);
    expect((await w.get(w.viewer.token, '/api/v1/notification-rules')).statusCode).toBe(403);
    expect((await w.send(w.other.token, 'DELETE', `/api/v1/notification-rules/${id}`)).statusCode).toBe(404);
    expect((await w.send(w.owner.token, 'DELETE', `/api/v1/notification-rules/${id}`)).statusCode).toBe(204);
  });

  it('webhook URLs obey the outbound policy; the secret is sealed and shown masked', async () => {
    const metadata = await w.send(w.owner.token, 'POST', '/api/v1/webhooks', {
      url: 'http://169.254.169.254/latest/meta-data',
      secret: SECRET,
    });
    expect(errorOf(metadata)).toMatchObject({ code: 'permission-denied' });
    const ftp = await w.send(w.owner.token, 'POST', '/api/v1/webhooks', { url: 'ftp://127.0.0.1/x', secret: SECRET });
    expect(errorOf(ftp)).toMatchObject({ code: 'invalid-argument', fields: { url: expect.any(String) } });
    const short = await w.send(w.owner.token, 'POST', '/api/v1/webhooks', { url: `${hook.base}/x`, secret: 'short' });
    expect(errorOf(short)).toMatchObject({ code: 'invalid-argument' });
    expect((await w.get(w.owner.token, '/api/v1/webhooks')).json().items).toEqual([]);
  });

  it('a webhook gets each event of its kinds once, signed; a failing receiver is retried to exactly one acceptance', async () => {
    const ok = await w.send(w.owner.token, 'POST', '/api/v1/webhooks', {
      url: `${hook.base}/ok`,
      secret: SECRET,
      kinds: ['motion'],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ secretHint: '••••cdef', kinds: ['motion'], enabled: true });
    const sealed = await withPg(
      w.t.databaseUrl,
      async (c) => (await c.query('select secret from webhooks')).rows[0].secret,
    );
    expect(sealed).not.toContain(SECRET);
    hook.script('/flaky', [500, 503]);
    await w.send(w.owner.token, 'POST', '/api/v1/webhooks', {
      url: `${hook.base}/flaky`,
      secret: SECRET,
      kinds: ['motion'],
    });

    const motion = await event(w.camA);
    await event(w.camA, 'camera.online'); // not a kind either webhook wants
    await hook.waitFor(4); // /ok once, /flaky three times
    const okHits = hook.received.filter((r) => r.path === '/ok');
    expect(okHits).toHaveLength(1);
    expect(okHits[0]!.signatureValid).toBe(true);
    expect(okHits[0]!.body).toMatchObject({
      type: 'event.created',
      event: {
        id: motion,
        kind: 'motion',
        cameraName: 'A',
        url: expect.stringContaining(`/viewer/events?id=${motion}`),
      },
    });
    const flaky = hook.received.filter((r) => r.path === '/flaky');
    expect(flaky.map((r) => r.answered)).toEqual([500, 503, 200]);
    // One delivery, so one id on every attempt: a receiver may deduplicate by it.
    expect(new Set(flaky.map((r) => r.headers['x-vigil-delivery'])).size).toBe(1);
    expect(flaky.every((r) => r.signatureValid)).toBe(true);

    const log = await until(
      async () => (await w.get(w.owner.token, `/api/v1/deliveries?channel=webhook&eventId=${motion}`)).json().items,
      (items: Delivery[]) => items.every((d) => d.status === 'sent'),
    );
    expect(log).toHaveLength(2);
    const retried = log.find((d) => d.attempts.length === 3)!;
    expect(retried.attempts.map((a) => a.code)).toEqual([500, 503, 200]);
    expect(retried.destination).toBe(`${hook.base}/flaky`);
  });

  it('a receiver that refuses is not retried on its own; a person retries it from the log', async () => {
    const hooks = (await w.get(w.owner.token, '/api/v1/webhooks')).json().items;
    for (const h of hooks) await w.send(w.owner.token, 'PATCH', `/api/v1/webhooks/${h.id}`, { enabled: false });
    hook.script('/refuse', [400]);
    await w.send(w.owner.token, 'POST', '/api/v1/webhooks', { url: `${hook.base}/refuse`, secret: SECRET });
    const before = hook.received.length;
    const id = await event(w.camB, 'camera.offline');
    const failed = await until(
      async () => (await w.get(w.owner.token, `/api/v1/deliveries?channel=webhook&eventId=${id}`)).json().items,
      (items: Delivery[]) => items[0]?.status === 'failed',
    );
    expect(failed[0]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('400') });
    expect(hook.received.length).toBe(before + 1);
    expect((await w.send(w.viewer.token, 'POST', `/api/v1/deliveries/${failed[0]!.id}/retry`)).statusCode).toBe(403);
    expect((await w.send(w.other.token, 'POST', `/api/v1/deliveries/${failed[0]!.id}/retry`)).statusCode).toBe(404);
    expect((await w.send(w.owner.token, 'POST', `/api/v1/deliveries/${failed[0]!.id}/retry`)).statusCode).toBe(202);
    const sent = await until(
      async () => (await w.get(w.owner.token, `/api/v1/deliveries?channel=webhook&eventId=${id}`)).json().items,
      (items: Delivery[]) => items[0]?.status === 'sent',
    );
    expect(sent[0]!.attempts.map((a) => a.code)).toEqual([400, 200]);
    // A sent delivery is never sent again, even when asked.
    expect(errorOf(await w.send(w.owner.token, 'POST', `/api/v1/deliveries/${id}/retry`)).code).toBe('not-found');
    expect(errorOf(await w.send(w.owner.token, 'POST', `/api/v1/deliveries/${sent[0]!.id}/retry`)).code).toBe(
      'failed-precondition',
    );
  });

  it('cooldown per camera and kind, snooze from the tile, and each person’s preferences', async () => {
    // An hour ahead: clear of the cooldowns the events above claimed.
    const t0 = Date.now() + 3600_000;
    const first = await event(w.camA, 'motion', new Date(t0));
    const second = await event(w.camA, 'motion', new Date(t0 + 10_000)); // within the default rule's 300 s
    const otherKind = await event(w.camA, 'camera.offline', new Date(t0 + 11_000));
    const has = (rows: { channel: string }[]) => rows.some((r) => r.channel === 'email');
    expect(has(await until(() => deliveriesOf(first), has))).toBe(true);
    expect(has(await until(() => deliveriesOf(otherKind), has))).toBe(true);
    expect(has(await deliveriesOf(second))).toBe(false);

    const snoozed = await w.send(w.owner.token, 'POST', `/api/v1/cameras/${w.camB}/snooze`, { minutes: 30 });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(Date.parse(snoozed.json().notificationsSnoozedUntil)).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await w.send(w.viewer.token, 'POST', `/api/v1/cameras/${w.camB}/snooze`, { minutes: 30 })).statusCode).toBe(
      403,
    );
    expect((await w.send(w.other.token, 'POST', `/api/v1/cameras/${w.camB}/snooze`, { minutes: 30 })).statusCode).toBe(
      404,
    );
    const quiet = await event(w.camB, 'motion');
    const hooked = await until(
      () => deliveriesOf(quiet),
      (rows) => rows.some((r) => r.channel === 'webhook'),
    );
    expect(hooked.map((r) => r.channel)).toEqual(['webhook']); // integrations still hear it

    const unsnoozed = await w.send(w.owner.token, 'POST', `/api/v1/cameras/${w.camB}/snooze`, { minutes: 0 });
    expect(unsnoozed.json().notificationsSnoozedUntil).toBeNull();
    await w.send(w.owner.token, 'PATCH', '/api/v1/me', { preferences: { notifications: { digest: true } } });
    const digested = await event(w.camB, 'camera.offline', new Date(t0 + 20_000));
    const rows = await until(() => deliveriesOf(digested), has);
    expect(rows.find((r) => r.channel === 'email')).toMatchObject({ status: 'digest', user_id: w.owner.uid });
    await w.send(w.owner.token, 'PATCH', '/api/v1/me', {
      preferences: { notifications: { email: false, digest: false } },
    });
    const none = await event(w.camB, 'recording.gap'); // info: the default rule takes alerts only
    const off = await event(w.camA, 'camera.online');
    await until(
      () => deliveriesOf(off),
      (r) => r.length > 0,
      2000,
    );
    expect(has(await deliveriesOf(none))).toBe(false);
    const offline = await event(w.camB, 'camera.offline', new Date(t0 + 420_000));
    await until(
      () => deliveriesOf(offline),
      (r) => r.length > 0,
      3000,
    );
    expect(has(await deliveriesOf(offline))).toBe(false);
    await w.send(w.owner.token, 'PATCH', '/api/v1/me', { preferences: { notifications: { email: true } } });
  });

  it('the log pages newest first by cursor and refuses a made-up cursor', async () => {
    const p1 = (await w.get(w.owner.token, '/api/v1/deliveries?limit=2')).json();
    expect(p1.items).toHaveLength(2);
    const p2 = (await w.get(w.owner.token, `/api/v1/deliveries?limit=2&startAfter=${p1.nextCursor}`)).json();
    expect(p2.items[0].id).not.toBe(p1.items[1].id);
    expect(Date.parse(p2.items[0].createdAt)).toBeLessThanOrEqual(Date.parse(p1.items[1].createdAt));
    expect(errorOf(await w.get(w.owner.token, '/api/v1/deliveries?startAfter=nonsense'))).toMatchObject({
      code: 'invalid-argument',
    });
    expect((await w.get(w.other.token, '/api/v1/deliveries')).json().items).toEqual([]);
  });
});
