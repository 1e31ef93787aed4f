import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RtspServer, freePort, startRtspServer } from '../../../../../e2e/fixtures/rtsp-server.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';

/** Probes against a real GStreamer RTSP camera on 127.0.0.1 with real ffprobe. */
describe('camera probe (Test connection)', () => {
  let t: TestApp;
  let owner: AuthResult;
  let open: RtspServer;
  let locked: RtspServer;
  let withSound: RtspServer;

  const probe = (source: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/cameras/probe', headers: bearer(owner.token), payload: { source } });

  beforeAll(async () => {
    [t, open, locked, withSound] = await Promise.all([
      createTestApp(),
      startRtspServer(),
      startRtspServer({ user: 'admin', password: 'cam-pass-1' }),
      startRtspServer({ audio: 'pcmu' }),
    ]);
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), open?.stop(), locked?.stop(), withSound?.stop()]);
  });

  it('the good URL → ok, h264 640×360 at 15 fps', async () => {
    const res = await probe({ type: 'rtsp', url: open.url });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, codec: 'h264', width: 640, height: 360, fps: 15, audio: null, error: null });
  });

  it('a wrong path → the 404 message', async () => {
    const res = await probe({ type: 'rtsp', url: open.url.replace('/test', '/nope') });
    expect(res.json()).toMatchObject({
      ok: false,
      errorCode: 'camera/not-found',
      error: 'The camera has no stream at this path (404): check the path in the URL.',
    });
  });

  it('a closed port → connection refused, naming host:port', async () => {
    const port = await freePort();
    const res = await probe({ type: 'rtsp', url: `rtsp://127.0.0.1:${port}/test` });
    expect(res.json()).toMatchObject({
      ok: false,
      errorCode: 'camera/refused',
      error: `Connection refused by 127.0.0.1:${port}: nothing is listening on that port, check the port in the URL.`,
    });
  });

  it('auth: a wrong password → the 401 message, the right one → ok; the password is never echoed', async () => {
    const wrong = await probe({ type: 'rtsp', url: locked.url, username: 'admin', password: 'nope-nope' });
    expect(wrong.json()).toMatchObject({
      ok: false,
      errorCode: 'camera/unauthorized',
      error: 'The camera rejected the user name or password (401): check them.',
    });
    expect(wrong.body).not.toContain('nope-nope');
    const right = await probe({ type: 'rtsp', url: locked.url, username: 'admin', password: 'cam-pass-1' });
    expect(right.json()).toMatchObject({ ok: true, codec: 'h264', width: 640, height: 360 });
    const inline = await probe({ type: 'rtsp', url: locked.url.replace('rtsp://', 'rtsp://admin:cam-pass-1@') });
    expect(inline.json().ok).toBe(true);
  });

  it('a saved camera is probed with its stored, sealed password', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name: 'Locked cam',
        source: { type: 'rtsp', url: locked.url, username: 'admin', password: 'cam-pass-1' },
        recordingMode: 'continuous',
      },
    });
    expect(made.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${made.json().id}/probe`,
      headers: bearer(owner.token),
    });
    expect(res.json()).toEqual({ ok: true, codec: 'h264', width: 640, height: 360, fps: 15, audio: null, error: null });
    expect(res.body).not.toContain('cam-pass-1');
  });

  it('says what sound the camera sends (G.711 µ-law at 8 kHz)', async () => {
    const res = await probe({ type: 'rtsp', url: withSound.url });
    expect(res.json()).toMatchObject({ ok: true, codec: 'h264', audio: { codec: 'pcm_mulaw', sampleRate: 8000 } });
  });

  it('the test pattern answers its fixed format without running anything', async () => {
    const res = await probe({ type: 'test-pattern' });
    expect(res.json()).toEqual({ ok: true, codec: 'h264', width: 640, height: 360, fps: 15, audio: null, error: null });
  });

  it('bad sources → 400', async () => {
    for (const source of [{ type: 'rtsp', url: 'not a url' }, { type: 'rtsp', url: 'http://x' }, { type: 'webcam' }]) {
      const res = await probe(source);
      expect(res.statusCode, JSON.stringify(source)).toBe(400);
    }
  });
});
