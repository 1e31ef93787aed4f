import type { AuthResult, Camera } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { errorOf, joinWorkspace, withPg } from '../../../test/helpers.ts';
import { type OnvifDevice, startOnvifDevice } from '../../../test/onvif-device.ts';
import { type TestPtz, ptzPlugin } from '../../../test/onvif-device-ptz.ts';

/**
 * PTZ through the API against the test ONVIF device's PTZ service (test/onvif-device-ptz.ts),
 * its clock three hours off: the velocities arrive as sent, a silent client's camera stops within
 * 1.2 s, presets round-trip, and only operators and up who reach the camera may steer it.
 */
const CREDS = { username: 'admin', password: 'onvif-pass' };

describe('PTZ', () => {
  let t: TestApp;
  let device: OnvifDevice;
  let ptz: TestPtz;
  let owner: AuthResult;
  let camera: Camera;
  let plain: string;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token = owner.token, payload?: object) =>
    t.app.inject({ method, url: `/api/v1/cameras/${camera.id}/ptz${path}`, headers: bearer(token), payload });

  /** A camera added by its ONVIF address, as the Cameras page adds it. */
  async function addOnvifCamera(name: string, at: OnvifDevice): Promise<Camera> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name,
        recordingMode: 'off',
        source: { type: 'onvif', address: at.address, ...CREDS, profile: 'main_0' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    ptz = ptzPlugin([['1', 'Gate']]);
    t = await createTestApp();
    device = await startOnvifDevice({
      name: 'Dome',
      streamUri: 'rtsp://127.0.0.1:9/stream',
      credentials: CREDS,
      clockOffsetMs: 3 * 3600_000,
      media2: true,
      plugins: [ptz.plugin],
    });
    owner = await signUp(t.app);
    camera = await addOnvifCamera('Dome', device);
    plain = await createTestPatternCamera(t.app, owner.token, 'Pattern', 'off');
  });
  afterAll(async () => {
    await Promise.all([t?.close(), device?.stop()]);
  });

  it('the camera says it has PTZ; a move arrives with the velocities sent, on the camera’s profile, in one request', async () => {
    expect(camera.onvif?.ptz).toBe(true);
    const before = device.calls.length;
    const res = await call('POST', '/move', owner.token, { pan: 0.5, tilt: -0.25, zoom: 0 });
    expect(res.statusCode, res.body).toBe(204);
    expect(ptz.last('ContinuousMove')).toMatchObject({
      profile: 'main_0',
      pan: 0.5,
      tilt: -0.25,
      zoom: 0,
      timeout: 'PT1S',
    });
    // The device's clock was read when the camera was added: the move is one signed request.
    expect(device.calls.slice(before).map((c) => [c.op, c.authorized])).toEqual([['ContinuousMove', true]]);
    const zoom = await call('POST', '/move', owner.token, { zoom: -1 });
    expect(zoom.statusCode).toBe(204);
    expect(ptz.last('ContinuousMove')).toMatchObject({ pan: 0, tilt: 0, zoom: -1 });
    const stop = await call('POST', '/stop');
    expect(stop.statusCode).toBe(204);
    expect(ptz.last('Stop')?.profile).toBe('main_0');
  });

  it('a camera whose PTZ service wants HTTP Digest: after the first challenge, each move is one request', async () => {
    const digestPtz = ptzPlugin();
    const strict = await startOnvifDevice({
      name: 'Digest dome',
      streamUri: 'rtsp://127.0.0.1:9/stream',
      credentials: CREDS,
      media2: true,
      plugins: [digestPtz.plugin],
      digest: { services: ['ptz'], algorithm: 'SHA-256' },
    });
    try {
      const id = (await addOnvifCamera('Digest dome', strict)).id;
      const move = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/cameras/${id}/ptz/move`,
          headers: bearer(owner.token),
          payload: { tilt: 0.3 },
        });
      expect((await move()).statusCode).toBe(204);
      const before = strict.calls.length;
      expect((await move()).statusCode).toBe(204);
      expect(strict.calls.slice(before)).toEqual([
        expect.objectContaining({ op: 'ContinuousMove', service: 'ptz', digest: true, authorized: true }),
      ]);
      expect(digestPtz.last('ContinuousMove')).toMatchObject({ tilt: 0.3 });
      const stop = await t.app.inject({
        method: 'POST',
        url: `/api/v1/cameras/${id}/ptz/stop`,
        headers: bearer(owner.token),
      });
      expect(stop.statusCode).toBe(204);
    } finally {
      await strict.stop();
    }
  });

  it('a client that goes silent: the camera is stopped within 1.2 s of its last move, and once', async () => {
    const from = ptz.received.length;
    for (let i = 0; i < 3; i++) {
      expect((await call('POST', '/move', owner.token, { pan: 1, tilt: 0, zoom: 0 })).statusCode).toBe(204);
      await new Promise((r) => setTimeout(r, 300));
    }
    const lastMove = ptz.received.filter((r) => r.op === 'ContinuousMove').at(-1)!;
    // Held: no stop while the moves keep coming.
    expect(ptz.received.slice(from).some((r) => r.op === 'Stop')).toBe(false);
    const stop = await ptz.until((r) => r.op === 'Stop' && r.at > lastMove.at, 3000);
    expect(stop.at - lastMove.at).toBeGreaterThanOrEqual(900);
    expect(stop.at - lastMove.at).toBeLessThanOrEqual(1200);
    await new Promise((r) => setTimeout(r, 300));
    expect(ptz.received.slice(from).filter((r) => r.op === 'Stop')).toHaveLength(1);
    // One audit entry per run of moves (the first test's and this one), not one per repeat.
    const moved = await withPg(t.databaseUrl, async (c) =>
      (
        await c.query(`select details from audit_log where action = 'ptz.moved' and target_id = $1`, [camera.id])
      ).rows.map((r) => r.details.kind),
    );
    expect(moved.filter((k) => k === 'move')).toHaveLength(2);
  });

  it('presets round-trip: save the position under a name, list, go to, delete; home', async () => {
    const saved = await call('PUT', '/presets', owner.token, { name: 'Porte & allée' });
    expect(saved.statusCode, saved.body).toBe(201);
    const preset = saved.json() as { token: string; name: string };
    expect(preset.name).toBe('Porte & allée');
    expect(ptz.presets.get(preset.token)).toBe('Porte & allée');

    const list = await call('GET', '/presets');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      presets: [
        { token: '1', name: 'Gate' },
        { token: preset.token, name: 'Porte & allée' },
      ],
    });

    expect((await call('POST', `/presets/${preset.token}/goto`)).statusCode).toBe(204);
    expect(ptz.last('GotoPreset')).toMatchObject({ profile: 'main_0', preset: preset.token });
    expect((await call('DELETE', `/presets/${preset.token}`)).statusCode).toBe(204);
    expect(ptz.presets.has(preset.token)).toBe(false);
    const gone = await call('POST', `/presets/${preset.token}/goto`);
    expect([gone.statusCode, errorOf(gone).code]).toEqual([404, 'not-found']);

    expect((await call('POST', '/home')).statusCode).toBe(204);
    expect(ptz.last('GotoHomePosition')?.profile).toBe('main_0');

    const actions = await withPg(t.databaseUrl, async (c) =>
      (
        await c.query(`select action, details from audit_log where target_id = $1 and action like 'ptz.%'`, [camera.id])
      ).rows.map((r) => `${r.action}:${r.details.kind ?? r.details.preset}`),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        `ptz.preset-saved:${preset.token}`,
        'ptz.moved:preset',
        `ptz.preset-deleted:${preset.token}`,
        'ptz.moved:home',
      ]),
    );
  });

  it('refuses what is not a velocity or a token, and a camera without PTZ', async () => {
    for (const body of [{ pan: 1.5 }, { tilt: 'left' }, { pan: 0, extra: 1 }]) {
      const res = await call('POST', '/move', owner.token, body);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(body)).toEqual([400, 'invalid-argument']);
    }
    const badToken = await call('POST', '/presets/a%3Cb/goto');
    expect([badToken.statusCode, errorOf(badToken).code]).toEqual([400, 'invalid-argument']);
    const noName = await call('PUT', '/presets', owner.token, { name: '  ' });
    expect([noName.statusCode, errorOf(noName).code]).toEqual([400, 'invalid-argument']);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${plain}/ptz/move`,
      headers: bearer(owner.token),
      payload: { pan: 1 },
    });
    expect([res.statusCode, errorOf(res).code]).toEqual([400, 'failed-precondition']);
    expect(errorOf(res).message).toMatch(/no pan, tilt or zoom/);
  });

  it('scope: a viewer may not steer, a member without the camera does not see it, an operator with it does', async () => {
    const [viewer, outsider, operator] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    await joinWorkspace(t.databaseUrl, viewer.user.uid, owner.workspace.id, 'viewer');
    await joinWorkspace(t.databaseUrl, outsider.user.uid, owner.workspace.id, 'operator', [plain]);
    await joinWorkspace(t.databaseUrl, operator.user.uid, owner.workspace.id, 'operator', [camera.id]);
    const sent = ptz.received.length;
    const v = await call('POST', '/move', viewer.token, { pan: 1 });
    expect([v.statusCode, errorOf(v).code]).toEqual([403, 'permission-denied']);
    const o = await call('GET', '/presets', outsider.token);
    expect([o.statusCode, errorOf(o).code]).toEqual([404, 'not-found']);
    const s = await call('POST', '/stop', outsider.token);
    expect(s.statusCode).toBe(404);
    expect(ptz.received.length).toBe(sent);
    const ok = await call('POST', '/stop', operator.token);
    expect(ok.statusCode, ok.body).toBe(204);
  });

  it('rate-limited: a burst of moves far past a held button’s pace is refused with Retry-After', async () => {
    // All at once, so the refill between them cannot keep up however slow the machine is.
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call('POST', '/move', owner.token, { pan: 0.1 })),
    );
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused && errorOf(refused).code).toBe('resource-exhausted');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Stopping is never limited.
    expect((await call('POST', '/stop')).statusCode).toBe(204);
  });
});
