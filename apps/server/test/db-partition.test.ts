import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Db } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RtspServer, startRtspServer } from '../../../e2e/fixtures/rtsp-server.ts';
import { segmentIndex } from '../src/modules/segments/segments.module.ts';
import { segmentDir } from '../src/video/paths.ts';
import { createRecorder, type Recorder } from '../src/video/recorder.ts';
import {
  holes,
  indexedSegments,
  indexVersusDisk,
  listing,
  overlapsOf,
  playlistEntries,
  segmentFiles,
  watchFolder,
} from './footage-audit.ts';
import { bearer, createTestApp, signUp, type TestApp } from './harness.ts';
import { type PgProxy, startPgProxy } from './pg-proxy.ts';
import { AUTH_SECRET, ffmpegPidsFor, insertCamera, waitFor } from './recorder-helpers.ts';

/**
 * Two recorders share one media folder; A reaches PostgreSQL through a proxy the test cuts. A's
 * leases lapse, B takes the camera under a new epoch and records it, while A, cut off, keeps
 * recording too. Healed, A learns it lost the camera, stops its ffmpeg, and indexes what it
 * wrote: the seconds B had already indexed become marked copies, the rest fills the hole between
 * A's last confirmed lease and B's first segment. Both copies are kept; playback shows one.
 * (The test camera's shared stream stalls its other clients for ~8 s when one joins: A's files
 * pause when B starts. B's footage covers that; what A wrote around it is what gets checked.)
 */
const LEASE_TTL_MS = 3000;
const LEASE_RENEW_MS = 1000;
/** Segment files carry their writer: <UTC time>-e<epoch>.mp4. */
const NAME = /^\d{8}T\d{6}Z-e(\d+)\.mp4$/;

const epochOf = (file: string) => Number(NAME.exec(file)?.[1] ?? Number.NaN);

describe('two recorders, one of them cut off from the database', () => {
  let rtsp: RtspServer;
  let t: TestApp;
  let db: Db;
  let pool: pg.Pool;
  let proxy: PgProxy;
  let owner: AuthResult;
  let cameraId: string;
  let dir: string;
  let mediaRoot: string;
  const logs = { a: [] as string[], b: [] as string[] };
  const recorders: Recorder[] = [];

  // Distinct internal URLs: one host and address is how a restarted process finds (and retires) its
  // predecessor, and these two share a process.
  const recorderOn = (databaseUrl: string, log: string[], internalUrl: string) =>
    createRecorder({
      databaseUrl,
      internalUrl,
      mediaRoot,
      authSecret: AUTH_SECRET,
      allowLoopbackTargets: true,
      // Longer than the 2 s a segment must overlap indexed footage by to count as a copy.
      segmentSeconds: 4,
      offlineGraceMs: 1000,
      retentionMs: 0,
      leaseTtlMs: LEASE_TTL_MS,
      leaseRenewMs: LEASE_RENEW_MS,
      log: (m) => log.push(`${new Date().toISOString().slice(11, 23)} ${m}`),
    });
  const currentEpoch = async () =>
    Number(
      (await pool.query<{ epoch: string }>('select epoch from camera_leases where camera_id = $1', [cameraId])).rows[0]
        ?.epoch,
    );
  const tails = () => `\nA:\n${logs.a.slice(-40).join('\n')}\nB:\n${logs.b.slice(-40).join('\n')}`;

  beforeAll(async () => {
    rtsp = await startRtspServer();
    t = await createTestApp();
    ({ db, pool } = createDb(t.databaseUrl, 2));
    mediaRoot = t.config.mediaDir;
    owner = await signUp(t.app);
    cameraId = (await insertCamera(db, owner.user.workspaceId, { name: 'Shared', sourceUrl: rtsp.url })).id;
    dir = segmentDir(mediaRoot, owner.user.workspaceId, cameraId);
    proxy = await startPgProxy(t.databaseUrl);
  }, 60_000);

  afterAll(async () => {
    // A failed test may leave the link cut: a recorder stops through its database.
    proxy?.heal();
    try {
      await Promise.all(recorders.map((r) => r.stop()));
      await proxy?.close();
      await pool?.end();
      await t?.close();
    } finally {
      // Whatever failed above, the test camera (a process of its own) does not outlive the file.
      await rtsp?.stop();
    }
  }, 60_000);

  it('B records during the cut, A stops once healed, both copies are indexed and playback shows one', async () => {
    const folder = watchFolder(dir);
    onTestFinished(() => folder.stop());
    const a = recorderOn(proxy.url, logs.a, 'http://127.0.0.1:1');
    recorders.push(a);
    await a.start();
    await waitFor(() => a.pidOf(cameraId), 15_000, 'A to record the camera');
    await waitFor(async () => (await indexedSegments(pool, cameraId)).length >= 2, 30_000, 'A’s first segments');
    // B starts second: with A holding the one camera, B's fair share leaves it nothing to claim.
    const b = recorderOn(t.databaseUrl, logs.b, 'http://127.0.0.1:2');
    recorders.push(b);
    await b.start();
    expect(b.cameraCount()).toBe(0);
    const epochA = await currentEpoch();
    const ffmpegA = a.pidOf(cameraId)!;
    /** A's ffmpeg still runs on the camera's folder (a zombie has no command line, so is not counted). */
    const aRecords = () => ffmpegPidsFor(dir).includes(ffmpegA);

    const cutAt = Date.now();
    proxy.cut();
    // B takes the camera once A's lease lapses, under a new epoch, and indexes what it records.
    await waitFor(() => b.pidOf(cameraId), LEASE_TTL_MS + 15_000, `B to take the camera${tails()}`);
    const epochB = await currentEpoch();
    expect(epochB).toBeGreaterThan(epochA);
    await waitFor(
      async () =>
        (await indexedSegments(pool, cameraId)).filter((s) => epochOf(path.basename(s.path)) === epochB).length >= 3,
      30_000,
      `three segments of B indexed${tails()}`,
    );
    // Meanwhile A, cut off, still records: its ffmpeg runs and writes files of its own epoch, and
    // goes on until it has completed files over seconds B has indexed (the copies to come).
    expect(aRecords(), `A's ffmpeg ended during the cut${tails()}`).toBe(true);
    const stampOf = (d: Date) => d.toISOString().replace(/[-:]/g, '').slice(0, 15);
    const cutStamp = stampOf(new Date(cutAt));
    const writtenByACut = () => segmentFiles(dir).filter((f) => epochOf(f) === epochA && f.slice(0, 15) >= cutStamp);
    const firstOfB = (await indexedSegments(pool, cameraId)).find((s) => epochOf(path.basename(s.path)) === epochB)!;
    await waitFor(
      () => writtenByACut().filter((f) => f.slice(0, 15) > stampOf(firstOfB.startAt)).length >= 2,
      20_000,
      `A to write over B's footage while cut off (A's files since the cut: ${writtenByACut().join(', ')})${tails()}`,
    );
    expect(aRecords()).toBe(true);

    const healedAt = Date.now();
    proxy.heal();
    // A reaches the database again, finds the camera is B's now, and stops its ffmpeg.
    await waitFor(() => !aRecords(), 8000, `A's ffmpeg to stop after the heal${tails()}`);
    const stoppedAfter = (Date.now() - healedAt) / 1000;
    console.log(
      `[figure] A's ffmpeg stopped ${stoppedAfter.toFixed(1)} s after the heal (cut ${(healedAt - cutAt) / 1000} s)`,
    );
    expect(a.pidOf(cameraId)).toBeUndefined();
    expect(b.pidOf(cameraId)).toBeDefined();

    // Everything A wrote gets indexed; only B's current segment (still being written) is not yet.
    const openOfB = () =>
      segmentFiles(dir)
        .filter((f) => epochOf(f) === epochB)
        .slice(-1);
    const settled = await waitFor(
      async () => {
        const rows = await indexedSegments(pool, cameraId);
        const diff = indexVersusDisk(mediaRoot, dir, rows, openOfB());
        return diff.unindexed.length === 0 && diff.missing.length === 0 ? rows : undefined;
      },
      30_000,
      'every file in the folder indexed',
    ).catch(async (e) => {
      const diff = indexVersusDisk(mediaRoot, dir, await indexedSegments(pool, cameraId), openOfB());
      throw new Error(`${(e as Error).message}: ${JSON.stringify(diff)}${tails()}`);
    });

    // Nothing either writer recorded was deleted.
    expect(folder.vanished(), `files deleted:\n${listing(settled)}${tails()}`).toEqual([]);
    // Two writers never share a file: each name carries its writer's epoch.
    for (const f of segmentFiles(dir)) expect(f).toMatch(NAME);
    // Both copies kept: A's footage that B had already indexed is there, marked as a copy.
    const copies = settled.filter((s) => s.copy);
    expect(
      copies.length,
      `no copy rows (cut ${new Date(cutAt).toISOString()}):\n${listing(settled)}${tails()}`,
    ).toBeGreaterThanOrEqual(1);
    for (const c of copies) {
      expect(epochOf(path.basename(c.path)), c.path).toBe(epochA);
      expect(existsSync(path.join(mediaRoot, c.path)), c.path).toBe(true);
      expect(c.recordingId, `a copy belongs to no recording: ${c.path}`).toBeNull();
    }
    // Every second A recorded during the cut is indexed, as footage or as a copy.
    const indexedNames = new Set(settled.map((s) => path.basename(s.path)));
    expect(writtenByACut().filter((f) => !indexedNames.has(f))).toEqual([]);

    // The read model (playback, exports) shows each second once, and with no hole left.
    const from = settled[0]!.startAt;
    const to = new Date();
    const shown = await segmentIndex.overlapping(db, cameraId, from, to);
    expect(overlapsOf(shown), 'the read model returns footage twice').toEqual([]);
    const lastShown = shown.at(-1)!.endAt;
    expect(holes(shown, from, lastShown), 'holes in the footage playback shows').toEqual([]);
    expect(shown.some((s) => epochOf(path.basename(s.path)) === epochA && s.startAt.getTime() > cutAt)).toBe(true);

    // The same through the API: the VOD playlist over the whole period plays every second once.
    const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cameras/${cameraId}/vod.m3u8?${q}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const played = playlistEntries(res.body);
    expect(played.length).toBe(shown.length);
    expect(overlapsOf(played), 'the playlist plays footage twice').toEqual([]);
    // And the day timeline (the recordings page) has no hole over the period either.
    const spans: { startAt: Date; endAt: Date }[] = [];
    for (const day of new Set([from, to].map((d) => d.toISOString().slice(0, 10)))) {
      const tl = await t.app.inject({
        method: 'GET',
        url: `/api/v1/cameras/${cameraId}/timeline?day=${day}&tz=UTC`,
        headers: bearer(owner.token),
      });
      expect(tl.statusCode, tl.body).toBe(200);
      for (const sp of (tl.json() as { spans: { start: string; end: string }[] }).spans)
        spans.push({ startAt: new Date(sp.start), endAt: new Date(sp.end) });
    }
    expect(holes(spans, from, lastShown), 'holes on the day timeline').toEqual([]);

    // Stopped, each recorder indexes its open segment: then the folder and the index agree exactly.
    await Promise.all(recorders.splice(0).map((r) => r.stop()));
    expect(indexVersusDisk(mediaRoot, dir, await indexedSegments(pool, cameraId))).toEqual({
      unindexed: [],
      missing: [],
    });
  }, 150_000);
});
