import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '@vigil/db';
import type { AuthResult, Export } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from '../src/lib/open-storage.ts';
import { exportWorker, type TestWorker } from './job-helpers.ts';
import { createMediaStore } from '../src/lib/media-store.ts';
import { type FakeS3, startFakeS3 } from './fake-s3.ts';
import { durationOf, generateSegments, insertCamera, placeSegment } from './footage.ts';
import { type TestApp, bearer, createTestApp, signUp } from './harness.ts';
import { errorOf, tinyPng, connectPg } from './helpers.ts';

const BUCKET = 'vigil-media';
const REGION = 'eu-central-1';
const KEY_ID = 'VIGILAPPKEY';
const SECRET = 'vigil-app-secret-fedcba9876543210';
const T0 = new Date('2026-03-10T09:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000).toISOString();

const s3Env = (endpoint: string, secret = SECRET) => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: REGION,
  S3_ACCESS_KEY_ID: KEY_ID,
  S3_SECRET_ACCESS_KEY: secret,
});

/**
 * The app configured for S3: photos, workspace files and finished exports go through the real
 * AWS SDK to a local S3 server that checks every signature (test/fake-s3.ts), and the URLs the
 * API hands out are presigned GETs on that server.
 */
describe('S3-compatible storage through the API', () => {
  let s3: FakeS3;
  let t: TestApp;
  let owner: AuthResult;
  let client: pg.Client;
  let camera: string;
  let jobsDb: ReturnType<typeof createDb>;
  let runner: TestWorker;
  let closeRunnerStorage: () => Promise<void>;

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET });
    t = await createTestApp(s3Env(s3.endpoint));
    owner = await signUp(t.app);
    client = await connectPg(t.databaseUrl);
    camera = await insertCamera(client, owner.workspace.id, 'Garage');
    // 6 s of footage in two 3 s segments.
    const files = await generateSegments(path.join(t.config.dataDir, 'gen'), 6, 3);
    const media = path.join(t.config.dataDir, 'media');
    let start = 0;
    for (const source of files) {
      const seconds = await durationOf(source);
      await placeSegment(client, media, {
        workspaceId: owner.workspace.id,
        cameraId: camera,
        recordingId: null,
        source,
        startAt: new Date(at(start)),
        seconds,
      });
      start += seconds;
    }
    jobsDb = createDb(t.databaseUrl, 2);
    const storage = await openStorage(t.config, () => {});
    closeRunnerStorage = () => storage.close();
    runner = exportWorker({
      databaseUrl: t.databaseUrl,
      db: jobsDb.db,
      media: createMediaStore(media, t.config.authSecret),
      storage,
      workDir: path.join(t.config.dataDir, 'tmp', 'exports'),
      log: () => {},
    });
    await runner.start();
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await closeRunnerStorage?.();
    await jobsDb?.pool.end();
    await client?.end();
    await t?.close();
    await s3?.close();
  });

  const putFile = (app: TestApp['app'], token: string, filePath: string, body: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/storage/files',
      query: { path: filePath },
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      payload: body,
    });
  const putPhoto = (app: TestApp['app'], token: string, body: Buffer) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/me/photo',
      headers: { ...bearer(token), 'content-type': 'image/png' },
      payload: body,
    });
  async function exportUntilFinished(payload: Record<string, unknown>): Promise<Export> {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: bearer(owner.token),
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/exports/${created.json().id}`,
        headers: bearer(owner.token),
      });
      const e = res.json<Export>();
      if (e.status === 'done' || e.status === 'failed' || Date.now() > deadline) return e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(`/${BUCKET}/`, '');

  it('a profile photo is uploaded to the bucket; photoURL is a presigned GET serving the same bytes', async () => {
    const png = tinyPng();
    const res = await putPhoto(t.app, owner.token, png);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().user.photoURL;
    expect(url.startsWith(`${s3.endpoint}/${BUCKET}/users/${owner.user.uid}/photo-`)).toBe(true);
    const key = keyOf(url);
    expect(s3.objects.get(key)).toEqual({ body: png, contentType: 'image/png' });
    const put = s3.requests.find((r) => r.method === 'PUT' && r.path === `/${BUCKET}/${key}`)!;
    expect(put).toMatchObject({ auth: 'header', status: 200 });
    // Nothing went to the local disk.
    expect(existsSync(path.join(t.config.storageDir, key))).toBe(false);

    const dl = await fetch(url);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await dl.arrayBuffer()).equals(png)).toBe(true);

    // A new photo replaces the object; removing the photo removes it.
    const next = await putPhoto(t.app, owner.token, Buffer.concat([png, Buffer.alloc(16)]));
    const nextKey = keyOf(next.json().user.photoURL);
    expect(nextKey).not.toBe(key);
    expect(s3.objects.has(key)).toBe(false);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v1/me/photo', headers: bearer(owner.token) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().user.photoURL).toBeNull();
    expect(s3.objects.has(nextKey)).toBe(false);
  });

  it('workspace files: upload, presigned URL, 404 for a missing one, delete; the local object route refuses', async () => {
    const up = await putFile(t.app, owner.token, 'docs/plan.txt', 'floor plan');
    expect(up.statusCode, up.body).toBe(200);
    const key = `workspaces/${owner.workspace.id}/files/docs/plan.txt`;
    expect(s3.objects.get(key)?.body.toString()).toBe('floor plan');

    const urlOf = (p: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/storage/url', query: { path: p }, headers: bearer(owner.token) });
    const signed = await urlOf('docs/plan.txt');
    expect(signed.statusCode).toBe(200);
    const { url } = signed.json();
    expect(keyOf(url)).toBe(key);
    expect(await (await fetch(url)).text()).toBe('floor plan');
    const missing = await urlOf('docs/none.txt');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not-found');

    // With S3, /api/v1/storage/object serves nothing, whatever it is handed.
    const local = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storage/object',
      query: { path: key, expires: String(Math.floor(Date.now() / 1000) + 60), signature: 'x' },
    });
    expect(local.statusCode).toBe(403);

    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/storage/files',
      query: { path: 'docs/plan.txt' },
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(204);
    expect(s3.objects.has(key)).toBe(false);
    expect((await fetch(url)).status).toBe(404);
  });

  it('a finished export is uploaded to the bucket; downloadUrl fetches its exact bytes; delete removes it', async () => {
    const done = await exportUntilFinished({ cameraId: camera, from: at(1), to: at(5) });
    expect(done.status, done.error ?? '').toBe('done');
    const id = done.id;

    const key = `workspaces/${owner.workspace.id}/exports/${id}.mp4`;
    const stored = s3.objects.get(key)!;
    expect(stored.contentType).toBe('video/mp4');
    expect(stored.body.length).toBe(done.bytes);
    expect(createHash('sha256').update(stored.body).digest('hex')).toBe(done.sha256);
    // ffmpeg's scratch file is gone and nothing was written to local storage.
    expect(existsSync(path.join(t.config.dataDir, 'tmp', 'exports', `${id}.mp4`))).toBe(false);
    expect(existsSync(path.join(t.config.storageDir, key))).toBe(false);

    const url = done.downloadUrl!;
    expect(url.startsWith(`${s3.endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    const dl = await fetch(url);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain(
      'attachment; filename="Garage-2026-03-10T09-00-01.000Z.mp4"',
    );
    expect(Buffer.from(await dl.arrayBuffer()).equals(stored.body)).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/exports/${id}`, headers: bearer(owner.token) });
    expect(del.statusCode).toBe(204);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/${BUCKET}/${key}`, status: 204 });
    expect(s3.objects.has(key)).toBe(false);
    expect((await fetch(url)).status).toBe(404);
  }, 40_000);

  it('with a wrong secret key the server refuses each request and the API answers unavailable, not a stack', async () => {
    const wrong = await createTestApp(s3Env(s3.endpoint, `${SECRET}-wrong`));
    try {
      const user = await signUp(wrong.app);
      const count = s3.objects.size;
      const res = await putPhoto(wrong.app, user.token, tinyPng());
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'unavailable', message: 'Service temporarily unavailable. Please try again.' },
      });
      expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', auth: 'header', status: 403 });
      expect(s3.requests.at(-1)!.error).toBe('SignatureDoesNotMatch');
      expect(s3.objects.size).toBe(count);
      // The photo was not recorded as set.
      const me = await wrong.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) });
      expect(me.json().user.photoURL).toBeNull();

      const file = await putFile(wrong.app, user.token, 'a.txt', 'a');
      expect(file.statusCode).toBe(503);
      expect(errorOf(file).code).toBe('unavailable');
    } finally {
      await wrong.close();
    }
  });

  it('an export whose upload is refused fails with the catalogue message; the operator log says why', async () => {
    await runner.stop();
    const logged: string[] = [];
    const storage = await openStorage(
      { ...t.config, s3: { ...t.config.s3!, secretAccessKey: 'not-the-secret' } },
      (m) => logged.push(m),
    );
    const refused = exportWorker({
      databaseUrl: t.databaseUrl,
      db: jobsDb.db,
      media: createMediaStore(path.join(t.config.dataDir, 'media'), t.config.authSecret),
      storage,
      workDir: path.join(t.config.dataDir, 'tmp', 'exports'),
      log: (m) => logged.push(m),
    });
    await refused.start();
    try {
      const count = s3.objects.size;
      const failed = await exportUntilFinished({ cameraId: camera, from: at(0), to: at(2) });
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe('Service temporarily unavailable. Please try again.');
      expect(failed.downloadUrl).toBeNull();
      expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403, error: 'SignatureDoesNotMatch' });
      expect(s3.objects.size).toBe(count);
      expect(logged.join('\n')).toMatch(/upload s3:\/\/vigil-media\/workspaces\/.*\.mp4 failed: SignatureDoesNotMatch/);
      expect(existsSync(path.join(t.config.dataDir, 'tmp', 'exports', `${failed.id}.mp4`))).toBe(false);
    } finally {
      await refused.stop();
      await storage.close();
    }
  }, 40_000);
});
