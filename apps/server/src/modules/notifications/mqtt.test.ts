import { createDb, type Db } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { errorOf, withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { type ReceivedMessage, startMqttBroker } from '../../../test/mqtt-broker.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { insertEvent } from '../events/events.module.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { createMqttChannel } from './channels/mqtt.channel.ts';
import { loadNotifiedEvent } from './notified-event.repo.ts';
import { testNotifier } from '../../../test/notifier.ts';

/**
 * MQTT for home automation: the broker URL saved through the settings routes (outbound policy,
 * sealed, password masked), a test publish, and events published by the channel with QoS 1 in
 * Frigate's event shape to a real broker (aedes) that a real mqtt client subscribes to.
 */
const AUTH = { username: 'ha', password: 'p@ss:word-9' };

describe('MQTT: broker settings and events published for home automation', () => {
  const w = useEventsWorld();
  let db: Db;
  let end: () => Promise<void>;
  let broker: Awaited<ReturnType<typeof startMqttBroker>>;
  let worker: JobWorker;
  let closeNotifier: () => Promise<void>;
  let workspaceId: string;
  const brokerUrl = (password = AUTH.password) =>
    `mqtt://${AUTH.username}:${encodeURIComponent(password)}@127.0.0.1:${broker.port}`;
  const put = (mqttUrl: string | null, token = w.owner.token) =>
    w.send(token, 'PUT', '/api/v1/notifications/settings', { mqttUrl });
  const waitFor = (pick: (m: ReceivedMessage) => boolean) => broker.waitFor(pick);

  beforeAll(async () => {
    broker = await startMqttBroker(AUTH);
    const c = createDb(w.t.databaseUrl, 3);
    db = c.db;
    end = () => c.pool.end();
    const notifier = testNotifier(w.t.config, {
      db,
      retryDelaysMs: [100],
    });
    closeNotifier = notifier.close;
    worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db, tasks: notifier.tasks });
    workspaceId = (await w.get(w.owner.token, '/api/v1/me')).json().workspace.id;
  });
  afterAll(async () => {
    await worker?.stop();
    await closeNotifier?.();
    await broker?.close();
    await end?.();
  });

  it('saves the broker URL checked, sealed, and shows it with the password masked', async () => {
    expect((await w.get(w.owner.token, '/api/v1/notifications/settings')).json()).toEqual({
      mqttUrl: null,
      mqttDiscovery: true,
    });

    const metadata = await put('mqtt://169.254.169.254:1883');
    expect(metadata.statusCode).toBe(403);
    expect(errorOf(metadata)).toMatchObject({ code: 'permission-denied' });
    expect(errorOf(metadata).message).toContain('not allowed as a target');
    const notMqtt = await put('http://127.0.0.1:8080/');
    expect(notMqtt.statusCode).toBe(400);
    expect(errorOf(notMqtt).fields?.mqttUrl).toContain('mqtt://');
    expect((await put('mqtt://broker .lan')).statusCode).toBe(400);
    expect((await put(brokerUrl(), w.viewer.token)).statusCode).toBe(403);

    const saved = await put(brokerUrl());
    expect(saved.statusCode, saved.body).toBe(200);
    const masked = `mqtt://ha:••••••@127.0.0.1:${broker.port}`;
    expect(saved.json()).toEqual({ mqttUrl: masked, mqttDiscovery: true });
    expect((await w.get(w.owner.token, '/api/v1/notifications/settings')).json()).toEqual({
      mqttUrl: masked,
      mqttDiscovery: true,
    });
    const stored = await withPg(
      w.t.databaseUrl,
      async (c) =>
        (await c.query('select mqtt_url from notification_settings where workspace_id = $1', [workspaceId])).rows[0]
          .mqtt_url as string,
    );
    expect(stored).toMatch(/^v1:/);
    // Neither the password nor the URL around it is readable (a 2-letter user name could occur by chance).
    expect(stored).not.toContain('p@ss');
    expect(stored).not.toContain('mqtt');
    expect(createSecretBox(w.t.config.authSecret).open(stored)).toBe(brokerUrl());
    // Another workspace sees its own (none).
    expect((await w.get(w.other.token, '/api/v1/notifications/settings')).json()).toEqual({
      mqttUrl: null,
      mqttDiscovery: true,
    });

    // The masked URL saved back (the form untouched) keeps the stored password.
    expect((await put(masked)).json()).toEqual({ mqttUrl: masked, mqttDiscovery: true });
    const test = await w.send(w.owner.token, 'POST', '/api/v1/notifications/settings/mqtt-test');
    expect(test.json()).toEqual({ ok: true, code: null, error: null });
    const [message] = await waitFor((m) => m.topic === `vigil/${workspaceId}/test`);
    expect(JSON.parse(message!.payload)).toMatchObject({ type: 'test' });
  });

  it('a wrong password or a broker that is down answers the test with a clear error, never the password', async () => {
    await put(brokerUrl('wrong-password-42'));
    const refused = (await w.send(w.owner.token, 'POST', '/api/v1/notifications/settings/mqtt-test')).json();
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(
      /MQTT broker mqtt:\/\/127\.0\.0\.1:\d+: .*(Not authorized|Bad User Name or Password)/i,
    );
    expect(refused.error).not.toContain('wrong-password-42');
    await put('mqtt://ha:secret-pw-77@127.0.0.1:9');
    const down = (await w.send(w.owner.token, 'POST', '/api/v1/notifications/settings/mqtt-test')).json();
    expect(down).toMatchObject({ ok: false });
    expect(down.error).toContain('ECONNREFUSED');
    expect(down.error).not.toContain('secret-pw-77');
    expect((await put(null)).json()).toEqual({ mqttUrl: null, mqttDiscovery: true });
    const none = await w.send(w.owner.token, 'POST', '/api/v1/notifications/settings/mqtt-test');
    expect(errorOf(none)).toMatchObject({ code: 'failed-precondition' });
  });

  it('publishes each event with QoS 1 to vigil/<workspace>/<camera>/events in Frigate’s shape', async () => {
    await put(brokerUrl());
    const startAt = new Date();
    const eventId = (await insertEvent(db, {
      cameraId: w.camA,
      workspaceId,
      kind: 'motion',
      startAt,
      zones: ['Gate'],
    }))!;
    const [message] = await waitFor((m) => m.topic === `vigil/${workspaceId}/${w.camA}/events`);
    expect(message).toBeDefined();
    expect(message!.qos).toBe(1);
    const body = JSON.parse(message!.payload);
    expect(body).toMatchObject({
      type: 'new',
      before: null,
      after: {
        id: eventId,
        camera: 'A',
        camera_id: w.camA,
        label: 'motion',
        sub_label: null,
        start_time: startAt.getTime() / 1000,
        end_time: null,
        current_zones: ['Gate'],
        entered_zones: ['Gate'],
        has_snapshot: false,
        has_clip: true,
        url: `${w.t.config.publicUrl}/viewer/events?id=${eventId}`,
      },
    });
    expect(body.after.thumbnail).toContain(`/api/v1/notifications/events/${eventId}/image?exp=`);
    // The broker has the message once it acknowledged it; the delivery is marked sent just after.
    const status = () =>
      withPg(
        w.t.databaseUrl,
        async (c) =>
          (await c.query(`select status from deliveries where event_id = $1 and channel = 'mqtt'`, [eventId])).rows,
      );
    await expect.poll(status, { timeout: 10_000 }).toEqual([{ status: 'sent' }]);
  });

  it('reuses one connection per broker, closes it when idle, and reports a broker that is down as worth a retry', async () => {
    const channel = createMqttChannel({
      db,
      secrets: createSecretBox(w.t.config.authSecret),
      policy: { allowLoopback: true },
      idleMs: 300,
    });
    const [a, b] = await w.insertEvents(w.camB, 2, { kind: 'camera.offline' });
    const ctx = async (id: string) => ({
      delivery: { id, workspaceId, channel: 'mqtt' as const, target: 'mqtt', userId: null, attempt: 1 },
      event: (await loadNotifiedEvent(db, id))!,
      link: 'http://127.0.0.1:3000/viewer/events',
      imageUrl: null,
    });
    const before = broker.connections();
    expect(await channel.send(await ctx(a!))).toEqual({ ok: true });
    expect(await channel.send(await ctx(b!))).toEqual({ ok: true });
    expect(broker.connections() - before).toBe(1);
    const online = broker.connectedNow();
    const deadline = Date.now() + 5000;
    while (broker.connectedNow() >= online && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(broker.connectedNow()).toBe(online - 1); // the idle connection closed; the subscriber stays
    const ended = await waitFor((m) => m.topic === `vigil/${workspaceId}/${w.camB}/events`);
    expect(ended.map((m) => JSON.parse(m.payload).after.id).sort()).toEqual([a, b].sort());

    await put('mqtt://ha:secret-pw-77@127.0.0.1:9');
    const down = await channel.send(await ctx(a!));
    expect(down).toMatchObject({ ok: false, retry: true });
    expect(!down.ok && down.error).not.toContain('secret-pw-77');
    await put(null);
    expect(await channel.send(await ctx(a!))).toMatchObject({ ok: false, skipped: true });
    await channel.close();
  });
});
