import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, withPg } from '../../../test/helpers.ts';

/** Camera URLs reach ffmpeg clean, and only addresses the policy allows. */
describe('camera URLs and the outbound address policy', () => {
  let t: TestApp;
  let strict: TestApp;
  let owner: AuthResult;
  let strictOwner: AuthResult;
  let notACamera: ReturnType<typeof createServer>;
  let notACameraUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    strict = await createTestApp({ ALLOW_LOOPBACK_TARGETS: 'false' });
    await signUp(t.app);
    owner = await signUp(t.app);
    await signUp(strict.app);
    strictOwner = await signUp(strict.app);
    // A JSON health page on this machine: an HTTP server that is no MJPEG camera.
    notACamera = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    await new Promise<void>((r) => notACamera.listen(0, '127.0.0.1', r));
    notACameraUrl = `http://127.0.0.1:${(notACamera.address() as AddressInfo).port}/api/health`;
  });
  afterAll(async () => {
    await t.close();
    await strict.close();
    await new Promise((r) => notACamera.close(r));
  });

  const post = (app: TestApp, token: string, url: string, payload: unknown) =>
    app.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const camera = (source: Record<string, unknown>) => ({ name: 'Cam', source, recordingMode: 'continuous' });

  it('CR/LF, other control characters and spaces in a URL are refused, never handed to ffmpeg', async () => {
    const before = await countRows(t.databaseUrl, ['cameras']);
    for (const url of [
      'rtsp://10.0.0.5/x\r\nSET_PARAMETER a',
      'rtsp://10.0.0.5/a b',
      'rtsp://10.0.0.5/\u0007',
      'http://10.0.0.5/\nx',
    ]) {
      const type = url.startsWith('http') ? 'mjpeg' : 'rtsp';
      for (const res of [
        await post(t, owner.token, '/api/v1/cameras', camera({ type, url })),
        await post(t, owner.token, '/api/v1/cameras/probe', { source: { type, url } }),
      ]) {
        expect(res.statusCode, JSON.stringify(url)).toBe(400);
        expect(errorOf(res).code).toBe('invalid-argument');
      }
    }
    expect(await countRows(t.databaseUrl, ['cameras'])).toEqual(before);
  });

  it('metadata and link-local addresses are refused on save and never probed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/',
      'rtsp://[fe80::1]/x',
    ]) {
      const type = url.startsWith('http') ? 'mjpeg' : 'rtsp';
      const saved = await post(t, owner.token, '/api/v1/cameras', camera({ type, url }));
      expect(saved.statusCode, url).toBe(403);
      expect(errorOf(saved).code).toBe('permission-denied');
      const probed = await post(t, owner.token, '/api/v1/cameras/probe', { source: { type, url } });
      expect(probed.statusCode).toBe(200);
      expect(probed.json()).toMatchObject({ ok: false, error: expect.stringMatching(/not allowed/) });
    }
  });

  it('without ALLOW_LOOPBACK_TARGETS this server itself is no camera: save and probe refused', async () => {
    for (const url of ['rtsp://127.0.0.1:8554/x', notACameraUrl, 'http://localhost:3000/api/health']) {
      const type = url.startsWith('http') ? 'mjpeg' : 'rtsp';
      const saved = await post(strict, strictOwner.token, '/api/v1/cameras', camera({ type, url }));
      expect(saved.statusCode, url).toBe(403);
      const probed = await post(strict, strictOwner.token, '/api/v1/cameras/probe', { source: { type, url } });
      expect(probed.json()).toMatchObject({ ok: false, error: expect.stringMatching(/this server itself/) });
    }
  });

  it('an HTTP endpoint that answers JSON is not an MJPEG camera', async () => {
    const probed = await post(t, owner.token, '/api/v1/cameras/probe', {
      source: { type: 'mjpeg', url: notACameraUrl },
    });
    expect(probed.json()).toMatchObject({
      ok: false,
      errorCode: 'camera/not-video',
      error: 'This address answers, but not with a video stream: check the URL and the stream type.',
    });
  });

  it('a password never appears in lastError, even one written before redaction existed', async () => {
    const made = await post(t, owner.token, '/api/v1/cameras', camera({ type: 'rtsp', url: 'rtsp://10.0.0.9/live' }));
    const id = made.json().id;
    await withPg(t.databaseUrl, (c) =>
      c.query('update cameras set last_error = $2 where id = $1', [
        id,
        'Connection to rtsp://admin:S3cret@10.0.0.9/live failed',
      ]),
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/cameras/${id}`, headers: bearer(owner.token) });
    expect(res.json().lastError).toBe('Connection to rtsp://***@10.0.0.9/live failed');
    expect(res.body).not.toContain('S3cret');
  });
});
