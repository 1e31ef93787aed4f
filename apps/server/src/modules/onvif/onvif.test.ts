import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthResult, Camera, OnvifProbeResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RtspServer, startRtspServer } from '../../../../../e2e/fixtures/rtsp-server.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, withPg } from '../../../test/helpers.ts';
import { type OnvifDevice, startOnvifDevice } from '../../../test/onvif-device.ts';
import { OnvifSession } from './session.ts';

/**
 * Adding a camera by its ONVIF address, against test devices written from the WSDLs
 * (test/onvif-device.ts) whose clocks are hours off, which want HTTP Digest on some services,
 * and whose stream URIs point at a real RTSP test camera sending H.265.
 */
const CREDS = { username: 'admin', password: 'onvif-pass' };
const THREE_HOURS = 3 * 3600_000;

describe('ONVIF add by address', () => {
  let t: TestApp;
  let strict: TestApp;
  let rtsp: RtspServer;
  let modern: OnvifDevice;
  let older: OnvifDevice;
  let stubborn: OnvifDevice;
  let noRtsp: OnvifDevice;
  let web: ReturnType<typeof createServer>;
  let owner: AuthResult;

  beforeAll(async () => {
    rtsp = await startRtspServer({ video: 'h265' });
    t = await createTestApp();
    strict = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'false' });
    [modern, older, stubborn, noRtsp] = await Promise.all([
      // Media2 with an H.265 main stream, its clock three hours ahead, Digest (SHA-256) on media2.
      startOnvifDevice({
        name: 'Modern',
        manufacturer: 'Acme',
        model: 'M-265',
        streamUri: rtsp.url,
        credentials: CREDS,
        clockOffsetMs: THREE_HOURS,
        media2: true,
        mainCodec: 'H265',
        digest: { services: ['media2'], algorithm: 'SHA-256' },
      }),
      // Media (ver10) only, three hours behind, MD5 Digest on every service.
      startOnvifDevice({
        name: 'Older',
        model: 'O-264',
        streamUri: rtsp.url.replace('127.0.0.1', '0.0.0.0'),
        credentials: CREDS,
        clockOffsetMs: -THREE_HOURS,
        digest: { services: ['device', 'media'], algorithm: 'MD5' },
      }),
      startOnvifDevice({ name: 'Stubborn', streamUri: rtsp.url, credentials: CREDS, refuseTime: true }),
      startOnvifDevice({ name: 'HTTP only', streamUri: 'http://127.0.0.1:9/video.mjpg' }),
    ]);
    web = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>router</html>'));
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    web?.close();
    await Promise.all([
      t?.close(),
      strict?.close(),
      rtsp?.stop(),
      modern?.stop(),
      older?.stop(),
      stubborn?.stop(),
      noRtsp?.stop(),
    ]);
  });

  const probe = (app: TestApp, token: string, payload: object) =>
    app.app.inject({ method: 'POST', url: '/api/v1/cameras/onvif/probe', headers: bearer(token), payload });

  it('reads the device on its own clock: Media2 profiles with H.265, Digest where the device asks it', async () => {
    const res = await probe(t, owner.token, { address: modern.address, ...CREDS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      device: { manufacturer: 'Acme', model: 'M-265', firmware: '1.2.3', serial: '0001' },
      profiles: [
        {
          token: 'main_0',
          name: 'MainStream',
          codec: 'h265',
          width: 640,
          height: 360,
          fps: 25,
          streamUrl: rtsp.url,
          snapshotUrl: `http://${modern.address}/snapshot.jpg`,
        },
        expect.objectContaining({ token: 'sub_1', codec: 'h264', width: 320, fps: 10, streamUrl: rtsp.url }),
      ],
      ptz: false,
      events: false,
      audioBackchannel: true,
    } satisfies OnvifProbeResult);
    expect(modern.calls[0]).toMatchObject({ op: 'GetSystemDateAndTime', signed: false });
    // Every signed call passed with a Created three hours off ours; media2 let in by Digest alone.
    expect(modern.calls.filter((c) => c.signed && c.service === 'device').every((c) => c.authorized)).toBe(true);
    const media2 = modern.calls.filter((c) => c.service === 'media2');
    expect(media2.map((c) => c.op)).toEqual(expect.arrayContaining(['GetProfiles', 'GetStreamUri', 'GetSnapshotUri']));
    expect(media2.filter((c) => c.authorized).every((c) => c.digest)).toBe(true);
    expect(res.body).not.toContain('onvif-pass');
  });

  it('falls back to Media (ver10) and MD5 Digest; 0.0.0.0 in a stream address is the device', async () => {
    const res = await probe(t, owner.token, { address: `http://${older.address}/onvif/device_service`, ...CREDS });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as OnvifProbeResult;
    expect(body.device.model).toBe('O-264');
    expect(body.profiles.map((p) => [p.token, p.codec, p.streamUrl])).toEqual([
      ['main_0', 'h264', rtsp.url],
      ['sub_1', 'h264', rtsp.url],
    ]);
    expect(body.audioBackchannel).toBe(false);
    expect(older.calls.some((c) => c.service === 'media2')).toBe(false);
    expect(older.calls.filter((c) => c.authorized && c.op !== 'GetSystemDateAndTime').every((c) => c.digest)).toBe(
      true,
    );
  });

  it('a kept clock offset gone stale is read again after the device refuses the time', async () => {
    const session = new OnvifSession({ policy: { allowLoopback: true }, credentials: CREDS, clockOffsetMs: 0 });
    const before = modern.calls.length;
    await session.call(modern.xaddr, '<tds:GetDeviceInformation/>');
    expect(modern.calls.slice(before).map((c) => [c.op, c.authorized])).toEqual([
      ['GetDeviceInformation', false],
      ['GetSystemDateAndTime', true],
      ['GetDeviceInformation', true],
    ]);
    expect(Math.abs(session.clockOffsetMs - THREE_HOURS)).toBeLessThan(3000);
  });

  it('says what failed: wrong credentials, clock refused, no RTSP profile, not ONVIF, unreachable', async () => {
    const cases: [object, string][] = [
      [{ address: modern.address, username: 'admin', password: 'nope' }, 'onvif/wrong-credentials'],
      [{ address: modern.address }, 'onvif/wrong-credentials'],
      [{ address: stubborn.address, ...CREDS }, 'onvif/clock-refused'],
      [{ address: noRtsp.address }, 'onvif/no-profile'],
      [{ address: `127.0.0.1:${(web.address() as AddressInfo).port}` }, 'onvif/not-onvif'],
      [{ address: '127.0.0.1:1' }, 'onvif/unreachable'],
    ];
    for (const [payload, code] of cases) {
      const res = await probe(t, owner.token, payload);
      expect([res.statusCode, errorOf(res).code], `${JSON.stringify(payload)} ${res.body}`).toEqual([400, code]);
      expect(res.body).not.toContain('nope');
    }
  });

  it('the outbound policy decides: loopback refused without ALLOW_LOOPBACK_TARGETS, nothing sent', async () => {
    const strictOwner = await signUp(strict.app);
    const before = modern.calls.length;
    for (const address of [modern.address, '169.254.169.254', 'http://[::1]:80/x']) {
      const res = await probe(strict, strictOwner.token, { address, ...CREDS });
      // The policy's own refusal, as for every address a tenant sets.
      expect([res.statusCode, errorOf(res).code], res.body).toEqual([403, 'permission-denied']);
      expect(errorOf(res).message).toMatch(/not allowed as a target/);
    }
    expect(modern.calls.length).toBe(before);
    const bad = await probe(t, owner.token, { address: 'not an address!' });
    expect([bad.statusCode, errorOf(bad).code]).toEqual([400, 'invalid-argument']);
  });

  it('POST /api/v1/cameras with an ONVIF source saves the main profile’s RTSP stream and the substream, password sealed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name: 'Gate',
        recordingMode: 'continuous',
        source: { type: 'onvif', address: modern.address, ...CREDS, profile: 'main_0', subProfile: 'sub_1' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cam = res.json() as Camera;
    expect(cam.source).toEqual({ type: 'rtsp', url: rtsp.url, username: 'admin', hasPassword: true });
    // Shown masked; the password itself is sealed in its own column.
    expect(cam.substreamUrl).toBe(rtsp.url.replace('rtsp://', 'rtsp://admin:***@'));
    expect(res.body).not.toContain('onvif-pass');
    // The device is kept (PTZ and its events are asked of it later), its addresses not shown whole.
    expect(cam.onvif).toEqual({
      address: modern.address,
      profileToken: 'main_0',
      ptz: expect.any(Boolean),
      events: expect.any(Boolean),
      audioBackchannel: expect.any(Boolean),
    });
    const stored = await withPg(
      t.databaseUrl,
      async (c) => (await c.query('select * from cameras where id = $1', [cam.id])).rows[0],
    );
    expect(stored.source_password_enc).toMatch(/^v1:/);
    expect(stored.substream_password_enc).toMatch(/^v1:/);
    expect(JSON.stringify(stored)).not.toContain('onvif-pass');
    expect(stored.onvif).toMatchObject({
      deviceUrl: `http://${modern.address}/onvif/device_service`,
      profileToken: 'main_0',
      subProfileToken: 'sub_1',
      services: { media: expect.stringContaining(modern.address) },
    });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name: 'Gate 2',
        recordingMode: 'continuous',
        source: { type: 'onvif', address: modern.address, ...CREDS, profile: 'nope' },
      },
    });
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([400, 'invalid-argument']);
  });
});
