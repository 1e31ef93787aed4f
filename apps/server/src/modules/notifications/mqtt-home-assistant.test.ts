import { createDb, type Db } from '@vigil/db';
import { connect } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { withPg } from '../../../test/helpers.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { type ReceivedMessage, startMqttBroker } from '../../../test/mqtt-broker.ts';
import { testNotifier } from '../../../test/notifier.ts';
import { createRealtimeHub, publish, type RealtimeHub } from '../../lib/realtime.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { createCamerasService } from '../cameras/cameras.service.ts';
import { endEvent, insertEvent } from '../events/events.module.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { createMqttBridge, type MqttBridge } from './mqtt-bridge.service.ts';

/**
 * Home Assistant against a real broker (aedes): discovery documents and states retained for a
 * client that connects later, availability with the Last Will when Vigil's connection dies, a
 * motion event told as `new` then `end` with the motion sensor ON then OFF, and commands on a
 * camera's `set` topic applied to that workspace's cameras only.
 */
const AUTH = { username: 'ha', password: 'pw-for-ha-1' };

describe('MQTT for Home Assistant: discovery, states, availability, events and commands', () => {
  const w = useEventsWorld();
  const logs: string[] = [];
  let hub: RealtimeHub;
  let bridge: MqttBridge;
  let broker: Awaited<ReturnType<typeof startMqttBroker>>;
  let ws: string;
  let otherWs: string;
  let db: Db;
  let worker: JobWorker;
  let closeNotifier: () => Promise<void>;
  let end: () => Promise<void>;
  const brokerUrl = () => `mqtt://${AUTH.username}:${AUTH.password}@127.0.0.1:${broker.port}`;
  const node = (cameraId: string) => `vigil_${cameraId.replace(/-/g, '')}`;
  const waitFor = (pick: (m: ReceivedMessage) => boolean) => broker.waitFor(pick, 10_000);
  const last = (topic: string) => broker.messages.filter((m) => m.topic === topic).at(-1)?.payload;
  /** What a Home Assistant that connects now reads at once: the retained messages. */
  const retained = async (filters: string[]) => {
    const c = connect(`mqtt://127.0.0.1:${broker.port}`, { ...AUTH, reconnectPeriod: 0 });
    const got = new Map<string, string>();
    c.on('message', (topic, payload, packet) => packet.retain && got.set(topic, payload.toString('utf8')));
    await new Promise((r) => c.once('connect', r));
    await c.subscribeAsync(filters, { qos: 1 });
    await new Promise((r) => setTimeout(r, 300));
    await c.endAsync(true);
    return got;
  };
  const armOverride = (cameraId: string) =>
    withPg(
      w.t.databaseUrl,
      async (c) => (await c.query('select arm_override from cameras where id = $1', [cameraId])).rows[0].arm_override,
    );

  beforeAll(async () => {
    broker = await startMqttBroker(AUTH, ['vigil/#', 'homeassistant/#']);
    const c = createDb(w.t.databaseUrl, 4);
    db = c.db;
    end = () => c.pool.end();
    const notifier = testNotifier(w.t.config, { db, retryDelaysMs: [100] });
    closeNotifier = notifier.close;
    worker = await startTestWorker({ databaseUrl: w.t.databaseUrl, db, tasks: notifier.tasks });
    ws = (await w.get(w.owner.token, '/api/v1/me')).json().workspace.id;
    otherWs = (await w.get(w.other.token, '/api/v1/me')).json().workspace.id;
    hub = createRealtimeHub(w.t.databaseUrl, () => {});
    await hub.start();
    const secrets = createSecretBox(w.t.config.authSecret);
    const policy = { allowLoopback: true };
    bridge = createMqttBridge({
      db,
      secrets,
      policy,
      hub,
      cameras: createCamerasService({ db, secrets, policy }),
      publicUrl: w.t.config.publicUrl,
      authSecret: w.t.config.authSecret,
      log: (m) => logs.push(m),
      reconcileMs: 60_000,
    });
    await bridge.start();
  });
  afterAll(async () => {
    await bridge?.stop();
    await hub?.stop();
    await worker?.stop();
    await closeNotifier?.();
    await broker?.close();
    await end?.();
  });

  it('connects when the broker is saved: availability online, discovery and states, all retained', async () => {
    const saved = await w.send(w.owner.token, 'PUT', '/api/v1/notifications/settings', { mqttUrl: brokerUrl() });
    expect(saved.json()).toMatchObject({ mqttDiscovery: true });
    await waitFor((m) => m.topic === `vigil/${ws}/${w.camB}/armed`);
    const got = await retained([`vigil/${ws}/#`, 'homeassistant/#']);
    expect(got.get(`vigil/${ws}/availability`)).toBe('online');
    expect(got.get(`vigil/${ws}/${w.camA}/motion`)).toBe('OFF');
    expect(got.get(`vigil/${ws}/${w.camA}/status`)).toBe('offline');
    expect(got.get(`vigil/${ws}/${w.camA}/armed`)).toMatch(/^(ON|OFF)$/);
    const motion = JSON.parse(got.get(`homeassistant/binary_sensor/${node(w.camA)}/motion/config`)!);
    expect(motion).toMatchObject({
      device_class: 'motion',
      state_topic: `vigil/${ws}/${w.camA}/motion`,
      payload_on: 'ON',
      payload_off: 'OFF',
      availability_topic: `vigil/${ws}/availability`,
      unique_id: `${node(w.camA)}_motion`,
      device: { identifiers: [node(w.camA)], name: 'A', manufacturer: 'Vigil' },
    });
    expect(JSON.parse(got.get(`homeassistant/binary_sensor/${node(w.camA)}/connectivity/config`)!)).toMatchObject({
      device_class: 'connectivity',
      state_topic: `vigil/${ws}/${w.camA}/status`,
      payload_on: 'online',
    });
    expect(JSON.parse(got.get(`homeassistant/switch/${node(w.camB)}/armed/config`)!)).toMatchObject({
      command_topic: `vigil/${ws}/${w.camB}/set`,
      payload_on: 'arm',
      payload_off: 'disarm',
      state_topic: `vigil/${ws}/${w.camB}/armed`,
    });
    expect(JSON.parse(got.get(`homeassistant/camera/${node(w.camA)}/snapshot/config`)!)).toMatchObject({
      topic: `vigil/${ws}/${w.camA}/snapshot`,
    });
    // Another workspace's camera is not on this broker.
    expect([...got.keys()].some((t) => t.includes(w.foreignCam))).toBe(false);
  });

  it('a motion event: motion ON and `new`, `update` for its picture, then `end` with before/after and motion OFF', async () => {
    const events = `vigil/${ws}/${w.camA}/events`;
    const startAt = new Date();
    const id = (await insertEvent(db, { cameraId: w.camA, workspaceId: ws, kind: 'motion', startAt }))!;
    await waitFor((m) => m.topic === `vigil/${ws}/${w.camA}/motion` && m.payload === 'ON');
    const [created] = await waitFor((m) => m.topic === events && JSON.parse(m.payload).after.id === id);
    expect(JSON.parse(created!.payload)).toMatchObject({ type: 'new', before: null, after: { id, end_time: null } });

    // Its picture made: an `update` with the picture in `after` only.
    await withPg(w.t.databaseUrl, (c) =>
      c.query(`update events set thumbnail_key = 'thumbs/x.jpg' where id = $1`, [id]),
    );
    await publish(db, { topic: 'events', workspaceId: ws, id, cameraId: w.camA });
    const [updated] = await waitFor((m) => m.topic === events && JSON.parse(m.payload).type === 'update');
    expect(JSON.parse(updated!.payload)).toMatchObject({
      before: { id, has_snapshot: false, end_time: null },
      after: { id, has_snapshot: true, end_time: null },
    });

    const endAt = new Date(startAt.getTime() + 4000);
    await endEvent(db, { id, workspaceId: ws, cameraId: w.camA }, endAt, ['Gate']);
    const [ended] = await waitFor((m) => m.topic === events && JSON.parse(m.payload).type === 'end');
    const body = JSON.parse(ended!.payload);
    expect(body).toMatchObject({
      type: 'end',
      before: {
        id,
        camera: 'A',
        label: 'motion',
        start_time: startAt.getTime() / 1000,
        end_time: null,
        has_snapshot: true,
      },
      after: { id, camera: 'A', label: 'motion', end_time: endAt.getTime() / 1000, entered_zones: ['Gate'] },
    });
    await waitFor((m) => m.topic === `vigil/${ws}/${w.camA}/motion` && m.payload === 'OFF');
    const motions = broker.messages.filter((m) => m.topic === `vigil/${ws}/${w.camA}/motion`).map((m) => m.payload);
    expect(motions.slice(-2)).toEqual(['ON', 'OFF']);
    expect((await retained([`vigil/${ws}/${w.camA}/motion`])).get(`vigil/${ws}/${w.camA}/motion`)).toBe('OFF');
  });

  it('arm and disarm on the set topic change the camera (audited); another workspace’s camera and nonsense do nothing', async () => {
    await broker.publish(`vigil/${ws}/${w.camB}/set`, 'arm');
    await expect.poll(() => armOverride(w.camB), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => last(`vigil/${ws}/${w.camB}/armed`), { timeout: 5000 }).toBe('ON');
    await broker.publish(`vigil/${ws}/${w.camB}/set`, 'DISARM');
    await expect.poll(() => armOverride(w.camB), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => last(`vigil/${ws}/${w.camB}/armed`), { timeout: 5000 }).toBe('OFF');
    const audited = await withPg(
      w.t.databaseUrl,
      async (c) =>
        (
          await c.query(
            `select details from audit_log where action = 'camera.updated' and target_id = $1 order by seq`,
            [w.camB],
          )
        ).rows,
    );
    expect(audited.map((r) => r.details.arming)).toEqual([
      expect.objectContaining({ armed: true }),
      expect.objectContaining({ armed: false }),
    ]);

    // The foreign camera on this workspace's topic, and on its own workspace's (not linked): nothing.
    await broker.publish(`vigil/${ws}/${w.foreignCam}/set`, 'arm');
    await broker.publish(`vigil/${otherWs}/${w.foreignCam}/set`, 'arm');
    await broker.publish(`vigil/${ws}/${w.camA}/set`, 'open the gate');
    await expect.poll(() => logs.some((l) => l.includes('open the gate')), { timeout: 5000 }).toBe(true);
    await expect.poll(() => logs.some((l) => l.includes(`${w.foreignCam}/set`)), { timeout: 5000 }).toBe(true);
    expect(await armOverride(w.foreignCam)).toBeNull();
    expect(await armOverride(w.camA)).toBeNull();

    await broker.publish(`vigil/${ws}/${w.camA}/set`, 'snooze 15');
    await expect
      .poll(
        () =>
          withPg(w.t.databaseUrl, async (c) =>
            (await c.query('select notify_snoozed_until from cameras where id = $1', [w.camA])).rows[0]
              .notify_snoozed_until === null
              ? null
              : 'snoozed',
          ),
        { timeout: 5000 },
      )
      .toBe('snoozed');
  });

  it('discovery turned off removes the documents; a connection that dies leaves its will (offline), then comes back', async () => {
    const masked = `mqtt://ha:••••••@127.0.0.1:${broker.port}`;
    const off = await w.send(w.owner.token, 'PUT', '/api/v1/notifications/settings', {
      mqttUrl: masked,
      mqttDiscovery: false,
    });
    expect(off.json()).toEqual({ mqttUrl: masked, mqttDiscovery: false });
    const config = `homeassistant/binary_sensor/${node(w.camA)}/motion/config`;
    await waitFor((m) => m.topic === config && m.payload === '');
    await expect.poll(async () => [...(await retained(['homeassistant/#'])).keys()], { timeout: 5000 }).toEqual([]);

    const client = bridge.clientOf(ws)!;
    expect(client).toBeDefined();
    client.stream.destroy();
    await waitFor((m) => m.topic === `vigil/${ws}/availability` && m.payload === 'offline');
    expect((await retained([`vigil/${ws}/availability`])).get(`vigil/${ws}/availability`)).toBe('offline');
    // The bridge makes its link again and says so.
    const said = () => broker.messages.filter((m) => m.topic === `vigil/${ws}/availability`).map((m) => m.payload);
    await expect.poll(() => said().at(-1), { timeout: 10_000 }).toBe('online');
    expect(bridge.clientOf(ws)).not.toBe(client);
  });
});
