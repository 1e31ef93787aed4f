import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb, type Db, schema, storedBytes } from '@vigil/db';
import type { AuthResult, Export } from '@vigil/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bucketOf, openStorage } from '../src/lib/open-storage.ts';
import { createS3Storage } from '../src/lib/storage-s3.ts';
import type { Storage } from '../src/lib/storage.ts';
import { exportWorker, type TestWorker } from './job-helpers.ts';
import { createMediaStore } from '../src/lib/media-store.ts';
import { segmentDir } from '../src/video/paths.ts';
import { createRecorder, type Recorder } from '../src/video/recorder.ts';
import { pruneWorkspace } from '../src/video/retention.ts';
import { readSegmentFile } from '../src/video/segment-files.ts';
import { createSegmentUploader } from '../src/video/segment-upload.ts';
import { type FakeS3, startFakeS3 } from './fake-s3.ts';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { segmentFiles, segmentRows, waitFor } from './recorder-helpers.ts';

const run = promisify(execFile);
const BUCKET = 'vigil-footage';
const REGION = 'eu-west-3';
const KEY_ID = 'VIGILRECORDER';
const SECRET = 'vigil-recorder-secret-0123456789';
/** A real 3 s fMP4 segment (ffmpeg's output). */
const SAMPLE = new URL('../src/video/fixtures/live-sample.mp4', import.meta.url);

/**
 * Footage in S3: a real recorder records a test-pattern camera into a buffer folder,
 * uploads each closed segment through the AWS SDK to test/fake-s3.ts (which checks every
 * signature), and indexes it as 's3'. Playback, thumbnails and exports then read the bucket
 * only (presigned GETs with byte ranges, checked by the fake too); retention deletes the objects.
 */
describe('footage stored in S3', () => {
  let s3: FakeS3;
  let t: TestApp;
  let owner: AuthResult;
  let db: Db;
  let closeDb: () => Promise<void>;
  let recorder: Recorder | undefined;
  let camera: string;
  let storage: Storage;
  let exportsRunner: TestWorker;
  const logs: string[] = [];

  const startRecorder = () => {
    const r = createRecorder({
      allowLoopbackTargets: true,
      databaseUrl: t.databaseUrl,
      mediaRoot: t.config.mediaDir,
      authSecret: t.config.authSecret,
      segmentSeconds: 2,
      retentionMs: 0,
      footage: createS3Storage(t.config.s3!, (m) => logs.push(m)),
      log: (m) => logs.push(m),
    });
    recorder = r;
    return r;
  };
  const s3Rows = async (cameraId = camera) => (await segmentRows(db, cameraId)).filter((r) => r.store === 's3');
  const dirOf = (cameraId = camera) => segmentDir(t.config.mediaDir, owner.workspace.id, cameraId);

  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, region: REGION, accessKeyId: KEY_ID, secretAccessKey: SECRET });
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    const conn = createDb(t.databaseUrl, 2);
    db = conn.db;
    closeDb = () => conn.pool.end();
    owner = await signUp(t.app);
    await startRecorder().start();
    camera = await createTestPatternCamera(t.app, owner.token, 'Yard');
    await recorder!.sync(camera);
    storage = await openStorage(t.config, () => {});
    exportsRunner = exportWorker({
      databaseUrl: t.databaseUrl,
      db,
      media: createMediaStore(t.config.mediaDir, t.config.authSecret, bucketOf(storage)),
      storage,
      workDir: path.join(t.config.dataDir, 'tmp', 'exports'),
      log: (m) => logs.push(m),
    });
    await exportsRunner.start();
  }, 60_000);

  afterAll(async () => {
    await exportsRunner?.stop();
    await recorder?.stop();
    await storage?.close();
    await closeDb?.();
    await t?.close();
    await s3?.close();
  });

  it('uploads each closed segment under its index key, indexes it as s3 and empties the buffer', async () => {
    const rows = await waitFor(
      async () => {
        const r = await s3Rows();
        return r.length >= 3 ? r : undefined;
      },
      30_000,
      'three segments in S3',
    );
    for (const row of rows) {
      const object = s3.objects.get(row.path);
      expect(object, row.path).toBeDefined();
      expect(object!.body.length).toBe(row.bytes);
      expect(object!.contentType).toBe('video/mp4');
      expect(row.path.startsWith(`${owner.workspace.id}/${camera}/segments/`)).toBe(true);
    }
    // Every upload was signed in the Authorization header and accepted.
    const puts = s3.requests.filter(
      (r) => r.method === 'PUT' && rows.some((row) => r.path === `/${BUCKET}/${row.path}`),
    );
    expect(puts.length).toBeGreaterThanOrEqual(rows.length);
    expect(puts.every((p) => p.auth === 'header' && p.status === 200)).toBe(true);
    // The buffer keeps only what is not uploaded yet: the file ffmpeg writes (and one in flight). The
    // local copy goes right after its row commits, so the newest indexed one may still be a moment away.
    const uploaded = new Set(rows.map((r) => path.posix.basename(r.path)));
    await waitFor(() => segmentFiles(dirOf()).every((f) => !uploaded.has(f)), 5000, 'the uploaded copies deleted');
    expect(segmentFiles(dirOf()).length).toBeLessThanOrEqual(2);
    expect(recorder!.uploadBacklog().segments).toBeLessThanOrEqual(1);
    // The recordings and usage count the uploaded bytes exactly as they counted local ones.
    const all = await segmentRows(db, camera);
    const [rec] = await db.select().from(schema.recordings).where(eq(schema.recordings.cameraId, camera));
    expect(rec!.bytes).toBe(all.reduce((n, r) => n + r.bytes, 0));
    expect(await storedBytes(db, owner.workspace.id)).toBe(all.reduce((n, r) => n + r.bytes, 0));
  }, 40_000);

  it("the day's HLS playlist points at presigned byte ranges in the bucket, and they are playable fMP4", async () => {
    const rows = await s3Rows();
    const from = new Date(rows[0]!.startAt.getTime() - 1000).toISOString();
    const to = new Date(rows.at(-1)!.endAt.getTime()).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cameras/${camera}/vod.m3u8`,
      query: { from, to },
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.split('\n');
    const maps = lines.filter((l) => l.startsWith('#EXT-X-MAP:'));
    const ranges = lines.filter((l) => l.startsWith('#EXT-X-BYTERANGE:'));
    const urls = lines.filter((l) => l && !l.startsWith('#'));
    expect(urls.length).toBeGreaterThanOrEqual(rows.length);
    const dir = await mkdtemp(path.join(inject('tmpRoot'), 'vod-'));
    for (const [i, url] of urls.slice(0, 3).entries()) {
      expect(url.startsWith(`${s3.endpoint}/${BUCKET}/${owner.workspace.id}/${camera}/segments/`)).toBe(true);
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('3600');
      const map = /URI="([^"]+)",BYTERANGE="(\d+)@0"/.exec(maps[i]!)!;
      expect(map[1]).toBe(url);
      const [len, offset] = ranges[i]!.replace('#EXT-X-BYTERANGE:', '').split('@').map(Number) as [number, number];
      // As hls.js asks: the init bytes, then the media bytes, each by Range on the presigned URL.
      const init = await fetch(url, { headers: { range: `bytes=0-${Number(map[2]) - 1}` } });
      const media = await fetch(url, { headers: { range: `bytes=${offset}-${offset + len - 1}` } });
      expect([init.status, media.status]).toEqual([206, 206]);
      const total = s3.objects.get(new URL(url).pathname.replace(`/${BUCKET}/`, ''))!.body.length;
      expect(media.headers.get('content-range')).toBe(`bytes ${offset}-${offset + len - 1}/${total}`);
      const bytes = Buffer.concat([Buffer.from(await init.arrayBuffer()), Buffer.from(await media.arrayBuffer())]);
      expect(bytes.length).toBe(Number(map[2]) + len);
      expect(bytes.toString('latin1', 4, 8)).toBe('ftyp');
      expect(bytes.toString('latin1', offset + 4, offset + 8)).toBe('moof');
      const file = path.join(dir, `${i}.mp4`);
      writeFileSync(file, bytes);
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
        ...['-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', file],
      ]);
      const stream = JSON.parse(stdout).streams[0];
      expect(stream.codec_name).toBe('h264');
      expect(Number(stream.nb_read_frames)).toBeGreaterThan(10);
    }
    // The presigned reads went to the bucket with the signature in the query; the fake checked each.
    const gets = s3.requests.filter((r) => r.method === 'GET' && r.auth === 'query');
    expect(gets.length).toBeGreaterThanOrEqual(6);
    expect(gets.every((g) => g.status === 206)).toBe(true);
    // The app's CSP lets hls.js (connect-src) and native HLS (media-src) fetch the bucket's origin.
    const csp = String((await t.app.inject({ method: 'GET', url: '/recordings' })).headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' ${s3.endpoint}`);
    expect(csp).toContain(`media-src 'self' blob: ${s3.endpoint}`);
    // A range past the end is refused as S3 does.
    expect((await fetch(urls[0]!, { headers: { range: 'bytes=999999999-' } })).status).toBe(416);
  }, 40_000);

  it('a thumbnail is grabbed from an S3 segment over its presigned URL, and nothing is cached on disk', async () => {
    const [row] = await s3Rows();
    const atTime = new Date(row!.startAt.getTime() + 500).toISOString();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cameras/${camera}/thumbnail`,
      query: { at: atTime },
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(existsSync(path.join(t.config.mediaDir, `${row!.path}.thumbs`))).toBe(false);
  }, 30_000);

  it('an export cuts a clip from S3 segments (ffmpeg reads the presigned URLs) and stores it in the bucket', async () => {
    const rows = await s3Rows();
    const from = new Date(rows[0]!.startAt.getTime() + 500);
    const to = new Date(rows[2]!.endAt.getTime() - 500);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: bearer(owner.token),
      payload: { cameraId: camera, from: from.toISOString(), to: to.toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const done = await waitFor(
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/v1/exports/${created.json().id}`,
          headers: bearer(owner.token),
        });
        const e = res.json<Export>();
        return e.status === 'done' || e.status === 'failed' ? e : undefined;
      },
      30_000,
      'the export',
    );
    expect(done.status, done.error ?? '').toBe('done');
    const clip = s3.objects.get(`workspaces/${owner.workspace.id}/exports/${done.id}.mp4`)!;
    const file = path.join(t.config.dataDir, 'clip.mp4');
    writeFileSync(file, clip.body);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file]);
    const seconds = Number(JSON.parse(stdout).format.duration);
    expect(Math.abs(seconds - (to.getTime() - from.getTime()) / 1000)).toBeLessThan(0.6);
    // The segments were read from the bucket: presigned GETs of their keys.
    const read = s3.requests.filter((r) => r.method === 'GET' && r.path.endsWith(path.posix.basename(rows[1]!.path)));
    expect(read.length).toBeGreaterThan(0);
  }, 40_000);

  it('segments left in the buffer by an outage and a stop are uploaded by the next start, even for a camera it no longer runs', async () => {
    const other = await createTestPatternCamera(t.app, owner.token, 'Gate');
    await recorder!.sync(other);
    await waitFor(async () => (await s3Rows(other)).length >= 1, 30_000, 'the second camera recording');
    // The bucket goes away: segments keep being recorded and wait in the buffer.
    s3.down = true;
    const backlog = await waitFor(
      () => {
        const b = recorder!.uploadBacklog();
        return b.segments >= 4 ? b : undefined;
      },
      30_000,
      'an upload backlog',
    );
    expect(backlog.bytes).toBeGreaterThan(0);
    expect(logs.join('\n')).toMatch(/upload of .* failed .*retrying/);
    const before = (await s3Rows()).length + (await s3Rows(other)).length;
    await recorder!.stop();
    recorder = undefined;
    const left = segmentFiles(dirOf());
    const leftOther = segmentFiles(dirOf(other));
    expect(left.length).toBeGreaterThanOrEqual(2);
    expect(leftOther.length).toBeGreaterThanOrEqual(2);
    expect((await s3Rows()).length + (await s3Rows(other)).length).toBe(before);
    // A crash between an upload and the deletion of its local copy leaves an indexed file behind.
    const [uploaded] = await s3Rows();
    writeFileSync(path.join(dirOf(), path.posix.basename(uploaded!.path)), s3.objects.get(uploaded!.path)!.body);
    // While it was down the second camera was turned off: no runner will take its folder.
    await db.update(schema.cameras).set({ enabled: false }).where(eq(schema.cameras.id, other));

    s3.down = false;
    await startRecorder().start();
    const names = (rows: { path: string }[]) => rows.map((r) => path.posix.basename(r.path));
    await waitFor(
      async () => {
        const mine = names(await s3Rows());
        const theirs = names(await s3Rows(other));
        return left.every((f) => mine.includes(f)) && leftOther.every((f) => theirs.includes(f));
      },
      30_000,
      'the leftovers uploaded and indexed',
    );
    for (const row of [...(await s3Rows()), ...(await s3Rows(other))]) {
      expect(s3.objects.get(row.path)?.body.length, row.path).toBe(row.bytes);
    }
    expect(existsSync(path.join(dirOf(), path.posix.basename(uploaded!.path)))).toBe(false);
    await waitFor(() => segmentFiles(dirOf(other)).length === 0, 10_000, 'the idle camera folder emptied');
    // Every leftover went in once: no index row points at a missing object, none at two.
    const paths = (await segmentRows(db, camera)).map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  }, 90_000);

  it("a segment that closes after its camera moved to another recorder is kept: uploaded, indexed as a former writer's", async () => {
    const uploader = createSegmentUploader({ db, storage: bucketOf(storage)!, log: (m) => logs.push(m) });
    const dir = path.join(t.config.dataDir, 'moved');
    mkdirSync(dir, { recursive: true });
    const file = '20260102T030400Z-e7.mp4';
    copyFileSync(SAMPLE, path.join(dir, file));
    const seg = (await readSegmentFile(dir, file))!;
    // The epoch this process held before a takeover: the lease table names another holder now.
    const stale = { holderId: randomUUID(), epoch: 7 };
    const cam = { cameraId: camera, workspaceId: owner.workspace.id, kind: 'continuous' as const };
    await uploader.take({ ...cam, fence: () => stale }, dir, seg, () => {});
    await uploader.stop();
    const key = `${owner.workspace.id}/${camera}/segments/${file}`;
    expect(existsSync(path.join(dir, file))).toBe(false);
    expect(s3.objects.get(key)?.body.length).toBe(seg.bytes);
    // Nothing else covers that minute: it is the camera's footage there, not a hidden copy.
    const { rows } = await db.execute<{ copy: boolean; store: string }>(
      sql`select copy, store from segments where path = ${key}`,
    );
    expect(rows).toEqual([{ copy: false, store: 's3' }]);
  });

  it('retention deletes the objects of pruned S3 segments after their rows, and usage stays exact', async () => {
    await recorder!.stop();
    recorder = undefined;
    const rows = await segmentRows(db, camera);
    expect(rows.every((r) => r.store === 's3')).toBe(true);
    // A month later, every segment of both cameras is past its 30 days.
    const later = new Date(Date.now() + 40 * 86_400_000);
    const result = await pruneWorkspace(db, owner.workspace.id, {
      mediaRoot: t.config.mediaDir,
      footage: bucketOf(storage),
      log: (m) => logs.push(m),
      now: later,
    });
    expect(result.expired).toBeGreaterThanOrEqual(rows.length);
    for (const row of rows) expect(s3.objects.has(row.path), row.path).toBe(false);
    const deletes = s3.requests.filter((r) => r.method === 'DELETE' && r.status === 204);
    expect(deletes.length).toBeGreaterThanOrEqual(rows.length);
    expect(await segmentRows(db, camera)).toEqual([]);
    expect(await storedBytes(db, owner.workspace.id)).toBe(
      (await db.select().from(schema.exports).where(eq(schema.exports.workspaceId, owner.workspace.id))).reduce(
        (n, e) => n + (e.status === 'done' ? (e.bytes ?? 0) : 0),
        0,
      ),
    );
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, owner.user.uid));
    const usage = user!.usage as { recordingsCount: number; storageUsed: number };
    expect(usage.recordingsCount).toBe(0);
    // Only the finished export is left in the owner's storage figure (GB, 3 decimals).
    expect(usage.storageUsed).toBe(Math.round((await storedBytes(db, owner.workspace.id)) / 1e6) / 1e3);
  }, 40_000);
});
