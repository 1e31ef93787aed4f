import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startRtspServer, type RtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
// The recorder tests' helpers: a cloned database, rows, polling.
import * as rig from '../../test/recorder-helpers.ts';
import { registry } from '../lib/metrics.ts';
import { createInstallationService } from '../modules/admin/installation.service.ts';
import { diskSample } from './disk-guard.ts';
import { segmentDir } from './paths.ts';
import { createRecorder, type Recorder } from './recorder.ts';

/**
 * The disk guard on a real, small filesystem: a 48 MB tmpfs mounted as the media folder, filled by
 * three cameras recording a noisy RTSP picture (about 270 kB/s each), with older footage of two
 * workspaces already on it (one recording protected) and a ballast file that leaves a few seconds
 * of writing before the guard must act. A sampler reads statfs every 50 ms throughout.
 */
const MB = 1e6;
const SETTING = { percent: 10, maxGb: 2 };
const DAY = 86_400_000;

let t: Awaited<ReturnType<typeof rig.videoTestDb>>;
let db: Db;
let mountDir: string;
let rtsp: RtspServer | undefined;
let recorder: Recorder | undefined;
const logs: string[] = [];
let minFree = Number.POSITIVE_INFINITY;
let sampler: NodeJS.Timeout | undefined;

function mountTmpfs(dir: string, size: string): void {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    const err = e as { stderr?: Buffer; message: string };
    throw new Error(
      `The disk guard test mounts a tmpfs as its media folder and needs root (mount -t tmpfs): ${err.stderr?.toString() || err.message}`,
    );
  }
}

/** `n` contiguous 10 s segments of `bytes` each from `from`, on the tmpfs and indexed: one recording. */
async function oldRecording(cam: { id: string; workspaceId: string }, from: Date, n: number, bytes: number) {
  for (let i = 0; i < n; i++)
    await rig.writeIndexedSegment(db, mountDir, cam, new Date(from.getTime() + i * 10_000), Buffer.alloc(bytes, 1));
  const [rec] = await db
    .execute<{ id: string }>(sql`select id from recordings where camera_id = ${cam.id}`)
    .then((r) => r.rows);
  return rec!.id;
}

/** A timeout's message: what was awaited, then the recorder's latest log lines (CI shows only the message). */
const why = (what: string) => `${what}; recorder log:\n${logs.slice(-20).join('\n')}`;

/** Segments of these cameras indexed that start after `since` (pruning takes old ones meanwhile: never a count of all). */
const newerThan = async (ids: string[], since: Date) =>
  Number(
    (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from segments where camera_id in ${ids} and start_at > ${since.toISOString()}`,
      )
    ).rows[0]!.n,
  );

describe('disk guard on a filling tmpfs', () => {
  let w1: string;
  let w2: string;
  let protectedRec: string;
  let olderRec: string;
  let oldRec: string;
  const live: string[] = [];
  let threshold = 0;

  beforeAll(async () => {
    t = await rig.videoTestDb();
    db = t.db;
    mountDir = mkdtempSync(path.join(inject('tmpRoot'), 'disk-guard-'));
    mountTmpfs(mountDir, '48m');
    const total = (await diskSample(mountDir)).total;
    threshold = Math.min(total * 0.1, 2e9);
    ({ workspaceId: w1 } = await rig.insertOwner(db));
    ({ workspaceId: w2 } = await rig.insertOwner(db));
    // Footage from before: a protected recording (the oldest of all), then two unprotected ones, in two workspaces.
    const gone1 = await rig.insertCamera(db, w2, { name: 'Old 2', enabled: false, retentionDays: 30 });
    const gone2 = await rig.insertCamera(db, w1, { name: 'Old 1', enabled: false, retentionDays: 30 });
    const vault = await rig.insertCamera(db, w2, { name: 'Vault', enabled: false, retentionDays: 30 });
    protectedRec = await oldRecording(vault, new Date(Date.now() - 4 * DAY), 2, MB);
    await db.execute(sql`update recordings set protected = true where id = ${protectedRec}`);
    olderRec = await oldRecording(gone1, new Date(Date.now() - 3 * DAY), 6, MB);
    oldRec = await oldRecording(gone2, new Date(Date.now() - 2 * DAY), 6, MB);
    // Ballast: leave ~4 MB above where the guard acts (threshold + a margin of ~5 s of writing).
    const free = (await diskSample(mountDir)).free;
    const ballast = Math.floor(free - (threshold + 4 * MB + 4 * MB));
    writeFileSync(path.join(mountDir, 'ballast'), Buffer.alloc(ballast, 1));
    sampler = setInterval(() => {
      diskSample(mountDir)
        .then((s) => {
          minFree = Math.min(minFree, s.free);
        })
        .catch(() => undefined);
    }, 50);
    rtsp = await startRtspServer({ pattern: 'snow' });
    recorder = createRecorder({
      allowLoopbackTargets: true,
      databaseUrl: t.databaseUrl,
      mediaRoot: mountDir,
      authSecret: rig.AUTH_SECRET,
      segmentSeconds: 2,
      offlineGraceMs: 1000,
      diskGuard: { defaults: SETTING, intervalMs: 500 },
      log: (m) => logs.push(m),
    });
    await recorder.start();
    for (const name of ['Gate', 'Yard', 'Door']) {
      const cam = await rig.insertCamera(db, w1, { name, sourceUrl: rtsp.url, retentionDays: 30 });
      live.push(cam.id);
      await recorder.sync(cam.id);
    }
  }, 60_000);

  afterAll(async () => {
    clearInterval(sampler);
    if (process.env.DG_DEBUG) console.log(logs.join('\n'));
    await recorder?.stop();
    await rtsp?.stop();
    await t?.close();
    if (mountDir && existsSync(mountDir)) {
      try {
        execFileSync('umount', [mountDir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', mountDir], { stdio: 'pipe' });
      }
    }
  });

  it('deletes the oldest unprotected footage of every workspace first, keeps the protected, and recording goes on', async () => {
    // The guard reaches the live cameras' own first segments once the older footage is gone.
    const firstLive = await rig.waitFor(
      async () =>
        (
          await db.execute<{ id: string; start_at: Date }>(
            sql`select id, start_at from segments where camera_id in ${live} order by start_at limit 1`,
          )
        ).rows[0],
      15_000,
      () => why('a live segment indexed'),
    );
    await rig.waitFor(
      async () => (await db.execute(sql`select 1 from segments where id = ${firstLive.id}`)).rows.length === 0,
      40_000,
      () => why('the first live segment pruned'),
    );
    // Oldest first, across workspaces: both older unprotected recordings went before it.
    expect((await db.execute(sql`select 1 from recordings where id in (${olderRec}, ${oldRec})`)).rows).toEqual([]);
    // Everything left that is unprotected is newer than everything pruned.
    const [left] = (
      await db.execute<{ min: Date }>(sql`
        select min(s.start_at) as min from segments s join recordings r on r.id = s.recording_id
        where not r.protected`)
    ).rows;
    expect(new Date(left!.min).getTime()).toBeGreaterThanOrEqual(new Date(firstLive.start_at).getTime());
    // The protected recording is whole, on disk too.
    const kept = await db.execute<{ path: string }>(
      sql`select path from segments where recording_id = ${protectedRec}`,
    );
    expect(kept.rows).toHaveLength(2);
    for (const r of kept.rows) expect(existsSync(path.join(mountDir, r.path))).toBe(true);
    // Recording goes on: new segments keep being indexed, every camera online.
    const pruned = new Date();
    await rig.waitFor(
      async () => (await newerThan(live, pruned)) >= 3,
      15_000,
      () => why('new segments after the prune'),
    );
    for (const id of live) expect((await rig.cameraRow(db, id)).status).toBe('online');
    // storage.pruned events (reason diskSpace) and system audit entries in both workspaces.
    for (const ws of [w1, w2]) {
      const ev = await db.execute<{ detail: { reason: string; bytesRemoved: number } }>(
        sql`select detail from events where workspace_id = ${ws} and kind = 'storage.pruned'`,
      );
      expect(ev.rows[0]?.detail.reason).toBe('diskSpace');
      expect(ev.rows[0]?.detail.bytesRemoved).toBeGreaterThan(0);
      const audit = await db.execute<{ details: { reason: string; segments: number } }>(sql`
        select details from audit_log where workspace_id = ${ws} and action = 'recording.deleted' and actor_kind = 'system'`);
      expect(audit.rows.length).toBeGreaterThan(0);
      expect(audit.rows[0]!.details).toMatchObject({ reason: 'disk-space' });
    }
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/^vigil_disk_guard_pruned_segments_total [1-9]\d*$/m);
    expect(metrics).toMatch(/^vigil_media_free_bytes [1-9]\d*$/m);
    expect(metrics).toMatch(new RegExp(`^vigil_disk_guard_threshold_bytes ${Math.floor(threshold)}$`, 'm'));
    expect(metrics).toMatch(/^vigil_disk_guard_only_protected 0$/m);
  }, 60_000);

  it('with only protected footage left, stops recording before the disk fills, alerts, and resumes when space returns', async () => {
    const installation = createInstallationService({ db, diskGuardDefaults: SETTING });
    await db.execute(sql`update recordings set protected = true`);
    // Free space falls to within a margin of the threshold: cameras stop, saying why.
    for (const id of live)
      await rig.waitFor(
        async () => /^Recording paused: the disk/.test((await rig.cameraRow(db, id)).lastError ?? ''),
        30_000,
        () => why('paused with its reason'),
      );
    for (const id of live) {
      expect((await rig.cameraRow(db, id)).status).toBe('offline');
      expect(rig.ffmpegPidsFor(segmentDir(mountDir, w1, id))).toEqual([]);
    }
    const alerts = await rig.waitFor(async () => (await installation.alerts()).items, 5000, 'the installation alert');
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'disk.only-protected',
        disk: expect.objectContaining({ paused: true, mediaDir: mountDir, thresholdBytes: Math.floor(threshold) }),
      }),
    ]);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/^vigil_disk_guard_only_protected 1$/m);
    expect(metrics).toMatch(/^vigil_disk_guard_recording_paused 1$/m);
    const paused = new Date();

    // An administrator unprotects the live footage: the guard deletes its oldest and recording resumes.
    await db.execute(sql`update recordings set protected = false where id <> ${protectedRec}`);
    // Its next round prunes, the supervisor restarts each camera and ffmpeg connects: seconds on a busy machine.
    for (const id of live)
      await rig.waitFor(
        async () => (await rig.cameraRow(db, id)).status === 'online',
        45_000,
        () => why('online again'),
      );
    await rig.waitFor(
      async () => (await newerThan(live, paused)) >= 3,
      15_000,
      () => why('new segments after the pause'),
    );
    await rig.waitFor(async () => (await installation.alerts()).items.length === 0, 5000, 'the alert cleared');
    expect(await registry.metrics()).toMatch(/^vigil_disk_guard_only_protected 0$/m);
    expect((await db.execute(sql`select 1 from segments where recording_id = ${protectedRec}`)).rows).toHaveLength(2);

    // Usage never reached 100 %, and no write ever failed for space.
    expect(minFree).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toMatch(/ENOSPC|No space left/i);
    console.log(`disk guard test: lowest free space ${minFree} bytes, threshold ${Math.floor(threshold)} bytes`);
  }, 120_000);
});
