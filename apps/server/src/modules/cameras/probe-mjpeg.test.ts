import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { type MjpegCamera, startMjpegCamera, startSilentPort } from '../../../test/mjpeg-camera.ts';
import { freePort } from '../../../../../e2e/fixtures/rtsp-server.ts';

/**
 * "Test connection" against MJPEG cameras on 127.0.0.1 (node http, 8 fps): Basic and Digest
 * authentication, a stream labelled application/octet-stream, and each failure kind by name.
 */
describe('MJPEG probe (Test connection)', () => {
  let t: TestApp;
  let owner: AuthResult;
  let basic: MjpegCamera;
  let digest: MjpegCamera;
  let octet: MjpegCamera;
  let silent: Awaited<ReturnType<typeof startSilentPort>>;
  const password = 'p@ss:w0rd "x"';

  const probe = (source: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/cameras/probe', headers: bearer(owner.token), payload: { source } });

  beforeAll(async () => {
    [t, basic, digest, octet, silent] = await Promise.all([
      createTestApp(),
      startMjpegCamera({ auth: { scheme: 'basic', username: 'admin', password } }),
      startMjpegCamera({ auth: { scheme: 'digest', username: 'admin', password } }),
      startMjpegCamera({ contentType: 'application/octet-stream' }),
      startSilentPort(),
    ]);
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), basic?.close(), digest?.close(), octet?.close(), silent?.close()]);
  });

  it('Basic and Digest cameras: connected with the right password, at the 8 fps they send; the password is never echoed', async () => {
    const [b, d] = await Promise.all(
      [basic, digest].map((cam) => probe({ type: 'mjpeg', url: cam.url, username: 'admin', password })),
    );
    for (const res of [b!, d!]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, codec: 'mjpeg', width: 320, height: 240, error: null });
      expect(res.json().fps).toBeGreaterThanOrEqual(7.5);
      expect(res.json().fps).toBeLessThanOrEqual(8.5);
      expect(res.body).not.toContain('p@ss');
    }
  });

  it('a wrong password, or none, is the 401 failure', async () => {
    for (const cam of [basic, digest]) {
      for (const creds of [{ username: 'admin', password: 'nope-nope' }, {}]) {
        const res = await probe({ type: 'mjpeg', url: cam.url, ...creds });
        expect(res.json()).toMatchObject({
          ok: false,
          errorCode: 'camera/unauthorized',
          error: 'The camera rejected the user name or password (401): check them.',
        });
        expect(res.body).not.toContain('nope-nope');
      }
    }
  });

  it('a multipart JPEG stream labelled application/octet-stream is recognised by its content', async () => {
    const res = await probe({ type: 'mjpeg', url: octet.url });
    expect(res.json()).toMatchObject({ ok: true, codec: 'mjpeg', width: 320, height: 240 });
    expect(Math.round(res.json().fps)).toBe(8);
  });

  it('each failure kind has its own code and sentence', async () => {
    const closed = await freePort();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { type: 'mjpeg', url: `http://127.0.0.1:${closed}/video.mjpg` },
        'camera/refused',
        `Connection refused by 127.0.0.1:${closed}: nothing is listening on that port, check the port in the URL.`,
      ],
      [
        { type: 'mjpeg', url: octet.url.replace('/video.mjpg', '/nope.mjpg') },
        'camera/not-found',
        'The camera has no stream at this path (404): check the path in the URL.',
      ],
      [
        { type: 'mjpeg', url: 'http://vigil-test-camera.invalid/video.mjpg' },
        'camera/host-not-found',
        'Host not found: vigil-test-camera.invalid does not resolve, check the address in the URL.',
      ],
      [
        { type: 'rtsp', url: 'rtsp://vigil-test-camera.invalid/live' },
        'camera/host-not-found',
        'Host not found: vigil-test-camera.invalid does not resolve, check the address in the URL.',
      ],
      [
        { type: 'mjpeg', url: `http://127.0.0.1:${silent.port}/video.mjpg` },
        'camera/unreachable',
        `The camera did not answer at 127.0.0.1:${silent.port}: check that it is on and connected, and that the address is right.`,
      ],
      [
        { type: 'rtsp', url: `rtsp://127.0.0.1:${silent.port}/live` },
        'camera/unreachable',
        `The camera did not answer at 127.0.0.1:${silent.port}: check that it is on and connected, and that the address is right.`,
      ],
      [
        // An HTTP server is no RTSP camera.
        { type: 'rtsp', url: octet.url.replace('http://', 'rtsp://') },
        'camera/not-video',
        'This address answers, but not with a video stream: check the URL and the stream type.',
      ],
    ];
    const results = await Promise.all(cases.map(([source]) => probe(source)));
    results.forEach((res, i) => {
      const [source, errorCode, error] = cases[i]!;
      expect(res.json(), JSON.stringify(source)).toMatchObject({ ok: false, errorCode, error });
    });
  });

  it('a saved MJPEG camera keeps its user and sealed password, and is probed with them', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name: 'Digest MJPEG',
        source: { type: 'mjpeg', url: digest.url, username: 'admin', password },
        recordingMode: 'continuous',
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().source).toEqual({ type: 'mjpeg', url: digest.url, username: 'admin', hasPassword: true });
    expect(made.body).not.toContain('p@ss');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${made.json().id}/probe`,
      headers: bearer(owner.token),
    });
    expect(res.json()).toMatchObject({ ok: true, codec: 'mjpeg', width: 320, height: 240 });
  });

  it('control characters in an MJPEG user name or password are refused, as for RTSP', async () => {
    for (const creds of [{ username: 'admin\r\nX-Evil: 1' }, { password: 'pw\nmore' }, { password: 'a\u0000b' }]) {
      const res = await probe({ type: 'mjpeg', url: octet.url, ...creds });
      expect(res.statusCode, JSON.stringify(creds)).toBe(400);
    }
  });
});
