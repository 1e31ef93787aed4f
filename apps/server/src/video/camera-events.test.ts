import { type Db, createDb, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';
import type { AuthResult, Camera, VigilEvent } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../test/harness.ts';
import { type OnvifDevice, startOnvifDevice } from '../../test/onvif-device.ts';
import { AUTH_SECRET, insertCamera, insertOwner, videoTestDb } from '../../test/recorder-helpers.ts';
import { type EventsPlugin, eventsPlugin, notification } from '../../test/onvif-device-events.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { createOnvifService } from '../modules/onvif/onvif.module.ts';
import { CameraEvents } from './camera-events.ts';
import { loadCameras } from './video.repo.ts';
import { type Recorder, createRecorder } from './recorder.ts';

/**
 * The camera's own events end to end against the test device's event service: a PullPoint
 * subscription made with the camera's credentials on its own clock (three hours off), its
 * motion and tamper notifications written as Vigil events through the events module (and shown
 * by the API with their source), the subscription renewed before it ends and made again after the
 * camera "reboots", and notifications a hostile camera might send refused.
 */
const CREDS = { username: 'admin', password: 'onvif-pass' };
/** What the watches logged, for a wait that times out to show. */
const seen: string[] = [];

async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 8000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (${seen.slice(-5).join('; ')})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the camera’s own events (PullPoint)', () => {
  let t: TestApp;
  let owner: AuthResult;
  let device: OnvifDevice;
  let events: EventsPlugin;
  let db: Db;
  let close: () => Promise<void>;
  let watches: CameraEvents;
  let camera: Camera;
  const logs: string[] = [];

  const list = async (kind: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/events?cameraId=${camera.id}&kind=${kind}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: VigilEvent[] }).items;
  };
  const resync = async () => watches.sync(camera.id, (await loadCameras(db, camera.id))[0]);
  const setSource = async (source: 'vigil' | 'camera' | 'both') => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/cameras/${camera.id}`,
      headers: bearer(owner.token),
      payload: { motion: { ...camera.motion, source } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Camera).motion.source).toBe(source);
    await resync();
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    events = eventsPlugin({ base: () => `http://${device.address}` });
    device = await startOnvifDevice({
      name: 'Events',
      streamUri: 'rtsp://127.0.0.1:9/none',
      credentials: CREDS,
      clockOffsetMs: 3 * 3600_000,
      plugins: [events],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name: 'Porch',
        recordingMode: 'continuous',
        source: { type: 'onvif', address: device.address, ...CREDS, profile: 'main_0' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    camera = res.json() as Camera;
    expect(camera.onvif?.events).toBe(true);
    expect(camera.motion.source).toBe('vigil');
    ({ db, close } = (() => {
      const made = createDb(t.databaseUrl, 2);
      return { db: made.db, close: () => made.pool.end() };
    })());
    watches = new CameraEvents({
      db,
      onvif: createOnvifService({ policy: { allowLoopback: true }, secrets: createSecretBox(t.config.authSecret) }),
      fence: () => undefined,
      log: (m) => logs.push(m),
      // Renewed every 3 s: a margin a loaded machine keeps (a subscription that lapses loses what was queued on it).
      timing: { ttlSeconds: 6, pullSeconds: 1, backoffMs: 100, maxBackoffMs: 400 },
    });
    await setSource('camera');
    await until('a subscription', () => events.stats.pulls > 0).catch((e) => {
      throw new Error(`${e.message}: ${logs.join('; ')} ${JSON.stringify(device.calls.slice(-6))}`);
    });
  });
  afterAll(async () => {
    await watches?.stop();
    events?.close();
    await Promise.all([device?.stop(), close?.(), t?.close()]);
  });

  it('turns the camera’s motion into a Vigil motion event with source camera, started and ended', async () => {
    events.emit(notification('tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'true' }));
    const [open] = await until('the motion event', async () => (await list('motion'))[0] && list('motion'));
    expect(open).toMatchObject({ kind: 'motion', source: 'camera', endAt: null, severity: 'alert' });
    expect(open!.detail).toMatchObject({ source: 'camera', topic: 'tns1:RuleEngine/CellMotionDetector/Motion' });
    events.emit(notification('tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'false' }));
    const [ended] = await until('its end', async () => {
      const [e] = await list('motion');
      return e?.endAt ? [e] : undefined;
    });
    expect(Date.parse(ended!.endAt!)).toBeGreaterThanOrEqual(Date.parse(ended!.startAt));
    // Signed on the camera's clock, three hours off ours: every call was let in.
    expect(device.calls.filter((c) => c.service === 'events').every((c) => c.authorized)).toBe(true);
  });

  it('a tamper becomes camera.tamper; a line crossed is a motion labelled line', async () => {
    events.emit(
      notification('tns1:RuleEngine/TamperDetector/Tamper', { IsTamper: 'true' }, { source: { Rule: 'tamper' } }),
    );
    events.emit(
      notification('tns1:RuleEngine/LineDetector/Crossed', { ObjectId: '7' }, { source: { Rule: 'Gate line' } }),
    );
    const [tamper] = await until(
      'the tamper event',
      async () => (await list('camera.tamper'))[0] && list('camera.tamper'),
    );
    expect(tamper).toMatchObject({ kind: 'camera.tamper', source: 'camera', endAt: null, severity: 'alert' });
    const line = await until('the line crossing', async () =>
      (await list('motion')).find((e) => e.detail?.label === 'line'),
    );
    // Over as it happens.
    expect(line.endAt).toBe(line.startAt);
  });

  it('"motion from Vigil" leaves the camera’s motion out, its tamper still counts', async () => {
    await setSource('vigil');
    const before = (await list('motion')).length;
    events.emit(notification('tns1:VideoSource/MotionAlarm', { State: 'true' }, { source: { Source: 'vs2' } }));
    events.emit(notification('tns1:VideoSource/GlobalSceneChange/ImagingService', { State: 'true' }));
    await until('the second tamper', async () => (await list('camera.tamper')).length === 2);
    expect((await list('motion')).length).toBe(before);
    await setSource('camera');
  });

  it('renews the subscription before it ends, and makes it again after the camera reboots', async () => {
    await until('a renewal', () => events.stats.renewed > 0, 12_000);
    const made = events.stats.created;
    events.reboot();
    await until('a new subscription', () => events.stats.created > made && events.stats.live === 1);
    expect(logs.join('\n')).toMatch(/subscription lost/);
    const before = (await list('motion')).length;
    events.emit(notification('tns1:VideoSource/MotionAlarm', { State: 'TRUE' }, { source: { Source: 'after' } }));
    await until('motion after the reboot', async () => (await list('motion')).length === before + 1);
  });

  it('refuses hostile or malformed notifications: no event, and the subscription is made again', async () => {
    const before = (await list('motion')).length;
    const made = events.stats.created;
    // An entity declaration (billion laughs' first step) inside the answer: the whole answer is refused.
    events.emit(
      '<!DOCTYPE lol [<!ENTITY lol "lol">]>' +
        notification('tns1:RuleEngine/CellMotionDetector/Motion', { IsMotion: 'true' }, { source: { Rule: 'x' } }),
    );
    await until('a new subscription after the hostile answer', () => events.stats.created > made);
    // Nested past the reader's depth cap.
    const made2 = events.stats.created;
    events.emit(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`);
    await until('a new subscription after the deep answer', () => events.stats.created > made2);
    // Unknown topics and unreadable states are passed over without a word.
    events.emit(notification('tns1:Device/Trigger/DigitalInput', { LogicalState: 'true' }));
    events.emit(notification('tns1:VideoSource/MotionAlarm', { State: 'maybe' }, { source: { Source: 'odd' } }));
    // A tamper after them: once it is written, the two before it were read (and passed over).
    const tampers = (await list('camera.tamper')).length;
    events.emit(
      notification('tns1:RuleEngine/TamperDetector/Tamper', { State: 'true' }, { source: { Rule: 'marker' } }),
    );
    await until('the marker', async () => (await list('camera.tamper')).length === tampers + 1);
    expect((await list('motion')).length).toBe(before);
    expect(logs.join('\n')).toMatch(/not accepted|too deep/);
  });

  it('unsubscribes when the camera is no longer this recorder’s', async () => {
    const gone = events.stats.unsubscribed;
    watches.sync(camera.id, undefined);
    await until('the unsubscribe', () => events.stats.unsubscribed > gone && events.stats.live === 0);
  });
});

describe('the recorder watches the events of the ONVIF cameras it holds', () => {
  let device: OnvifDevice;
  let events: EventsPlugin;
  let t: Awaited<ReturnType<typeof videoTestDb>>;
  let recorder: Recorder;
  const logs: string[] = [];

  beforeAll(async () => {
    events = eventsPlugin({ base: () => `http://${device.address}` });
    device = await startOnvifDevice({
      name: 'Held',
      streamUri: 'rtsp://127.0.0.1:9/none',
      credentials: CREDS,
      plugins: [events],
    });
    t = await videoTestDb();
    recorder = createRecorder({
      allowLoopbackTargets: true,
      databaseUrl: t.databaseUrl,
      mediaRoot: t.mediaRoot,
      authSecret: AUTH_SECRET,
      log: (m) => logs.push(m),
      cameraEventsTiming: { ttlSeconds: 10, pullSeconds: 1, backoffMs: 100, maxBackoffMs: 400 },
    });
    await recorder.start();
  });
  let stopped = false;
  afterAll(async () => {
    if (!stopped) await recorder?.stop();
    events?.close();
    await Promise.all([device?.stop(), t?.close()]);
  });

  it('subscribes when it takes the camera, writes the camera’s motion under its lease, unsubscribes when it stops', async () => {
    const { workspaceId } = await insertOwner(t.db);
    const cam = await insertCamera(t.db, workspaceId, {
      // Nothing answers there: the recording retries while the events flow on their own.
      sourceUrl: 'rtsp://127.0.0.1:9/none',
      sourceUsername: CREDS.username,
      sourcePasswordEnc: createSecretBox(AUTH_SECRET).seal(CREDS.password),
      motion: { source: 'camera' },
      onvif: {
        deviceUrl: device.xaddr,
        media: 'media',
        services: {
          media: `http://${device.address}/onvif/media_service`,
          events: `http://${device.address}${events.path}`,
        },
        profileToken: 'main_0',
        ptz: false,
        events: true,
        audioBackchannel: false,
      },
    });
    await recorder.sync(cam.id);
    await until('the recorder’s subscription', () => events.stats.pulls > 0, 15_000);
    events.emit(notification('tns1:VideoSource/MotionAlarm', { State: 'true' }));
    const row = await until('the motion event', async () => {
      const [e] = await t.db.select().from(schema.events).where(eq(schema.events.cameraId, cam.id));
      return e;
    });
    expect(row).toMatchObject({ kind: 'motion', endAt: null, detail: { source: 'camera' } });
    stopped = true;
    await recorder.stop();
    expect(events.stats.unsubscribed).toBe(1);
    // Stopping ends what the camera left open (its end is unknown from here on).
    const [ended] = await t.db.select().from(schema.events).where(eq(schema.events.cameraId, cam.id));
    expect(ended?.endAt).not.toBeNull();
  });
});
