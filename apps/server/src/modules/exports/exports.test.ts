import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb, storedBytes } from '@vigil/db';
import type { AuthResult, Export } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationOf, generateSegments, insertCamera, placeSegment } from '../../../test/footage.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, connectPg } from '../../../test/helpers.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { createMediaStore } from '../../lib/media-store.ts';
import { exportWorker, type TestWorker } from '../../../test/job-helpers.ts';

const run = promisify(execFile);
const T0 = new Date('2026-03-10T09:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000).toISOString();

/**
 * The rule for lengths: `-c copy` can only begin on a keyframe, so the job seeks on the input
 * (decoding starts at the keyframe before `from`) and the MP4 edit list trims the lead-in: the
 * playable length is the asked one. ±0.5 s covers frame and fragment rounding.
 */
const TOLERANCE_S = 0.5;

describe('exports: ffmpeg concat without re-encoding, signed download', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let camera: string;
  let foreignCamera: string;
  let client: pg.Client;
  let runner: TestWorker;
  let jobsDb: ReturnType<typeof createDb>;
  let media: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    client = await connectPg(t.databaseUrl);
    camera = await insertCamera(client, owner.workspace.id, 'Front door');
    foreignCamera = await insertCamera(client, stranger.workspace.id, 'Theirs');
    // 12 s of footage in three 4 s segments at 0, 4 and 8 s.
    const files = await generateSegments(path.join(t.config.dataDir, 'gen'), 12, 4);
    const secs = await Promise.all(files.map(durationOf));
    media = path.join(t.config.dataDir, 'media');
    let start = 0;
    for (const [i, source] of files.entries()) {
      await placeSegment(client, media, {
        workspaceId: owner.workspace.id,
        cameraId: camera,
        recordingId: null,
        source,
        startAt: new Date(at(start)),
        seconds: secs[i]!,
      });
      start += secs[i]!;
    }
    // The stranger has footage too, so a 404 proves the workspace check and not an empty index.
    await placeSegment(client, media, {
      workspaceId: stranger.workspace.id,
      cameraId: foreignCamera,
      recordingId: null,
      source: files[0]!,
      startAt: new Date(at(0)),
      seconds: secs[0]!,
    });
    jobsDb = createDb(t.databaseUrl, 2);
    runner = exportWorker({
      databaseUrl: t.databaseUrl,
      db: jobsDb.db,
      media: createMediaStore(media, t.config.authSecret),
      storage: createLocalStorage(t.config.storageDir, t.config.authSecret),
      workDir: path.join(t.config.dataDir, 'tmp', 'exports'),
      log: () => {},
    });
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await jobsDb?.pool.end();
    await client?.end();
    await t?.close();
  });

  const create = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/exports', headers: bearer(token), payload });
  const get = (token: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/exports/${id}`, headers: bearer(token) });

  async function waitDone(id: string): Promise<Export> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await get(owner.token, id);
      expect(res.statusCode, res.body).toBe(200);
      const e = res.json<Export>();
      if (e.status === 'done' || e.status === 'failed' || Date.now() > deadline) return e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('refuses bad ranges, missing footage and other workspaces’ cameras, and writes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ cameraId: camera, from: at(5), to: at(5) }, 400, 'out-of-range'],
      [{ cameraId: camera, from: at(6), to: at(2) }, 400, 'out-of-range'],
      [{ cameraId: camera, from: at(0), to: at(3601) }, 400, 'out-of-range'],
      [{ cameraId: camera, from: 'yesterday', to: at(2) }, 400, 'invalid-argument'],
      [{ cameraId: camera, from: '2026-03-10 09:00', to: at(2) }, 400, 'invalid-argument'],
      [{ cameraId: camera, from: at(100), to: at(200) }, 400, 'failed-precondition'],
      [{ cameraId: foreignCamera, from: at(0), to: at(2) }, 404, 'not-found'],
      [{ cameraId: 'not-a-uuid', from: at(0), to: at(2) }, 400, 'invalid-argument'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await create(owner.token, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(errorOf(res).code).toBe(code);
    }
    const none = await create(owner.token, { cameraId: camera, from: at(100), to: at(200) });
    expect(errorOf(none).message).toBe('No recorded footage in that range');
    expect(await countRows(t.databaseUrl, ['exports'])).toEqual({ exports: 0 });
  });

  it('an export whose worker was killed mid-cut is unlocked and finished by another worker', async () => {
    const { rows } = await client.query<{ id: string }>(
      `insert into exports (workspace_id, camera_id, requested_by, from_at, to_at, status, progress)
       values ($1, $2, $3, $4, $5, 'running', 0.4) returning id`,
      [owner.workspace.id, camera, owner.user.uid, at(1), at(3)],
    );
    const id = rows[0]!.id;
    // Its job, locked a minute ago by a worker no live process runs (a kill -9).
    await client.query(`select graphile_worker.add_job('export', json_build_object('id', $1::text), job_key => $2)`, [
      id,
      `export:${id}`,
    ]);
    await client.query(
      `update graphile_worker._private_jobs set locked_by = 'worker-gone', locked_at = now() - interval '1 minute',
         attempts = 1 where key = $1`,
      [`export:${id}`],
    );
    await runner.start();
    const done = await waitDone(id);
    expect(done.status, done.error ?? '').toBe('done');
  }, 40_000);

  it('cuts the asked range with real ffmpeg, hashes it, and serves it through a signed URL', async () => {
    const res = await create(owner.token, { cameraId: camera, from: at(1.5), to: at(9.5) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'queued' });
    const done = await waitDone(res.json().id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.progress).toBe(1);

    // Local storage: the file sits under the storage root, and ffmpeg's scratch copy is gone.
    const file = path.join(t.config.storageDir, 'workspaces', owner.workspace.id, 'exports', `${done.id}.mp4`);
    expect(existsSync(path.join(t.config.dataDir, 'tmp', 'exports', `${done.id}.mp4`))).toBe(false);
    expect(existsSync(file)).toBe(true);
    expect(Math.abs((await durationOf(file)) - 8)).toBeLessThanOrEqual(TOLERANCE_S);
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file],
    ]);
    expect(stdout.trim()).toBe('h264');
    const bytes = await readFile(file);
    expect(done.bytes).toBe(bytes.length);
    expect(done.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));

    const dl = await t.app.inject({ method: 'GET', url: done.downloadUrl! });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(bytes)).toBe(true);
    expect(dl.headers['content-type']).toBe('video/mp4');
    expect(dl.headers['content-disposition']).toContain(
      'attachment; filename="Front door-2026-03-10T09-00-01.500Z.mp4"',
    );
    // A player or a resumed download asks for a byte range.
    const part = await t.app.inject({ method: 'GET', url: done.downloadUrl!, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    // The download name is signed too: a relabelled link is refused.
    const renamed = new URL(done.downloadUrl!, 'http://x');
    renamed.searchParams.set('name', 'other.mp4');
    expect((await t.app.inject({ method: 'GET', url: `${renamed.pathname}${renamed.search}` })).statusCode).toBe(403);
    const bad = new URL(done.downloadUrl!, 'http://x');
    bad.searchParams.set('signature', `${bad.searchParams.get('signature')!.slice(0, -2)}AA`);
    const forged = await t.app.inject({ method: 'GET', url: `${bad.pathname}${bad.search}` });
    expect(forged.statusCode).toBe(403);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/exports', headers: bearer(owner.token) });
    expect(list.json().items.map((e: Export) => e.id)[0]).toBe(done.id);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/exports', headers: bearer(stranger.token) });
    expect(theirs.json().items).toEqual([]);
    expect((await get(stranger.token, done.id)).statusCode).toBe(404);
    const del = (token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/exports/${done.id}`, headers: bearer(token) });
    expect((await del(stranger.token)).statusCode).toBe(404);

    expect((await del(owner.token)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await get(owner.token, done.id)).statusCode).toBe(404);
    const gone = await t.app.inject({ method: 'GET', url: done.downloadUrl! });
    expect(gone.statusCode).toBe(404);
  }, 40_000);

  it('a finished export counts against maxStorage; past the limit an export is refused naming it', async () => {
    const before = await storedBytes(jobsDb.db, owner.workspace.id);
    const res = await create(owner.token, { cameraId: camera, from: at(0), to: at(6) });
    const done = await waitDone(res.json().id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(await storedBytes(jobsDb.db, owner.workspace.id)).toBe(before + done.bytes!);
    const usage = await client.query('select usage from users where id = $1', [owner.user.uid]);
    expect(usage.rows[0].usage.storageUsed).toBe(Math.round(((before + done.bytes!) / 1e9) * 1000) / 1000);

    // A plan with room for less than the clip: refused before any work, and nothing is queued.
    const limit = (gb: number) =>
      client.query(`update users set limits = jsonb_set(limits, '{maxStorage}', to_jsonb($2::float8)) where id = $1`, [
        owner.user.uid,
        gb,
      ]);
    await limit((before + done.bytes! + 1000) / 1e9);
    const count = await countRows(t.databaseUrl, ['exports']);
    const refused = await create(owner.token, { cameraId: camera, from: at(0), to: at(6) });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('failed-precondition');
    expect(errorOf(refused).message).toMatch(/^Your plan allows [\d.]+ GB of storage, and it is full\./);
    expect(await countRows(t.databaseUrl, ['exports'])).toEqual(count);
    await limit(10);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/exports/${done.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedBytes(jobsDb.db, owner.workspace.id)).toBe(before);
  }, 40_000);
});
