import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import {
  AUTH_SECRET,
  cameraRow,
  ffmpegPidsFor,
  insertCamera,
  insertOwner,
  segmentFiles,
  segmentRows,
  spawnRecorderChild,
  videoTestDb,
  waitFor,
} from '../../test/recorder-helpers.ts';
import { segmentDir } from './paths.ts';
import { createRecorder } from './recorder.ts';

/** kill -9 of ffmpeg, and of a whole recorder process: the index must match the disk afterwards. */
let t: Awaited<ReturnType<typeof videoTestDb>>;
let db: Db;
let workspaceId: string;
let rtsp: Awaited<ReturnType<typeof startRtspServer>>;

beforeAll(async () => {
  t = await videoTestDb();
  db = t.db;
  ({ workspaceId } = await insertOwner(db));
  rtsp = await startRtspServer();
});
afterAll(async () => {
  await rtsp?.stop();
  await t?.close();
});

const indexedNames = async (cameraId: string) =>
  (await segmentRows(db, cameraId)).map((r) => path.posix.basename(r.path)).sort();

/** A recorder in a process of its own on this file's database and media folder, cutting every `segmentSeconds`. */
const recorderChild = (segmentSeconds: number) =>
  spawnRecorderChild({
    DATABASE_URL: t.databaseUrl,
    MEDIA_ROOT: t.mediaRoot,
    AUTH_SECRET,
    SEGMENT_SECONDS: String(segmentSeconds),
  });

function newRecorder() {
  return createRecorder({
    allowLoopbackTargets: true,
    databaseUrl: t.databaseUrl,
    mediaRoot: t.mediaRoot,
    authSecret: AUTH_SECRET,
    segmentSeconds: 2,
    log: () => {},
  });
}

describe('crash tolerance', () => {
  it('kill -9 of ffmpeg: restarted, and every file on disk is indexed', async () => {
    const cam = await insertCamera(db, workspaceId, { sourceUrl: rtsp.url });
    const dir = segmentDir(t.mediaRoot, workspaceId, cam.id);
    const recorder = newRecorder();
    await recorder.start();
    try {
      await waitFor(async () => (await segmentRows(db, cam.id)).length >= 1, 15_000, 'a segment');
      const pid = recorder.pidOf(cam.id)!;
      process.kill(pid, 'SIGKILL');
      await waitFor(
        () => recorder.pidOf(cam.id) !== undefined && recorder.pidOf(cam.id) !== pid,
        10_000,
        'a new ffmpeg',
      );
      await waitFor(async () => (await cameraRow(db, cam.id)).status === 'online', 10_000, 'online again');
    } finally {
      await recorder.stop();
    }
    expect(ffmpegPidsFor(dir)).toEqual([]);
    expect(await indexedNames(cam.id)).toEqual(segmentFiles(dir));
  });

  it('kill -9 of the recorder process: reconcile on restart repairs the index', async () => {
    const cam = await insertCamera(db, workspaceId, { sourceUrl: rtsp.url });
    const dir = segmentDir(t.mediaRoot, workspaceId, cam.id);
    const child = recorderChild(2);
    try {
      await child.ready();
      await waitFor(
        async () => (await segmentRows(db, cam.id)).length >= 2,
        20_000,
        () => `segments (child: ${child.output()})`,
      );
    } finally {
      await child.kill();
    }
    // Its ffmpeg is tied to it (setpriv --pdeathsig): the kernel ends it with its parent.
    await waitFor(() => ffmpegPidsFor(dir).length === 0, 2000, 'the orphaned ffmpeg to exit');
    const onDisk = segmentFiles(dir);
    const before = await indexedNames(cam.id);
    // At most the file being written and the one just closed were not indexed yet.
    expect(onDisk.length - before.length).toBeLessThanOrEqual(2);

    const recorder = newRecorder();
    await recorder.start();
    const afterReconcile = await indexedNames(cam.id);
    await recorder.stop();
    // Every complete file survived and is indexed; at most the one being written was unreadable and dropped.
    const lost = onDisk.filter((f) => !afterReconcile.includes(f));
    expect(lost.length).toBeLessThanOrEqual(1);
    if (lost.length) expect(lost[0]).toBe(onDisk.at(-1));
    expect(afterReconcile.length).toBeGreaterThanOrEqual(before.length);
    expect(await indexedNames(cam.id)).toEqual(segmentFiles(dir));
  }, 120_000);

  it('kill -9 mid-segment: the fragments already written are kept and indexed', async () => {
    const cam = await insertCamera(db, workspaceId, { sourceUrl: rtsp.url });
    const dir = segmentDir(t.mediaRoot, workspaceId, cam.id);
    // 10 s segments, killed ~4 s into one: one-second fragments must be on disk, not in a buffer.
    const child = recorderChild(10);
    let open = '';
    try {
      await child.ready();
      // Cuts fall on the wall clock's multiples of 10 s: the first file ends at the next one, the
      // second opens just after it and is written for 10 s.
      await waitFor(
        () => segmentFiles(dir).length >= 2,
        30_000,
        () => `a second file (child: ${child.output()})`,
      );
      open = segmentFiles(dir).at(-1)!;
      await new Promise((r) => setTimeout(r, 4500));
      expect(segmentFiles(dir).at(-1)).toBe(open);
    } finally {
      await child.kill();
    }
    await waitFor(() => ffmpegPidsFor(dir).length === 0, 2000, 'the orphaned ffmpeg to exit');
    const recorder = newRecorder();
    await recorder.start();
    await recorder.stop();
    const row = (await segmentRows(db, cam.id)).find((r) => path.posix.basename(r.path) === open);
    expect(row, `${open} indexed`).toBeDefined();
    expect(row!.endAt.getTime() - row!.startAt.getTime()).toBeGreaterThanOrEqual(2000);
  }, 120_000);

  it('an ffmpeg left writing into the media folder is ended before the recorder starts its own', async () => {
    const dir = path.join(t.mediaRoot, 'leftover-test');
    mkdirSync(dir, { recursive: true });
    // Started untied, as by a server from before, or on a system without setpriv, whose process
    // has died since: the shell that started it exits, so it is re-parented away from Node.
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5'],
      ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov', path.join(dir, 'stray.mp4')],
    ];
    const stray = Number(
      execFileSync('sh', ['-c', `ffmpeg ${args.map((a) => `'${a}'`).join(' ')} >/dev/null 2>&1 & echo $!`])
        .toString()
        .trim(),
    );
    await waitFor(() => ffmpegPidsFor(dir).length === 1, 5000, 'the stray ffmpeg');
    const recorder = newRecorder();
    await recorder.start();
    await recorder.stop();
    expect(ffmpegPidsFor(dir)).not.toContain(stray);
  });
});
