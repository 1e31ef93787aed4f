import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cloneTemplate, createDb, type Db, schema } from '@vigil/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { createRecorder, type Recorder } from '../src/video/recorder.ts';
import { insertSegment } from '../src/video/camera-writes.ts';
import { relativeSegmentPath, segmentDir } from '../src/video/paths.ts';
import { stamp } from './footage.ts';
import { keyAuditChain } from '../src/modules/audit/audit.module.ts';
import { createLocalStorage, type Storage } from '../src/lib/storage.ts';

/** Shared by the recorder's integration tests: a cloned database, an owner, cameras, polling. */
export const AUTH_SECRET = '5f1c9a7e3b2d4c6f8a0e1b3d5c7f9a2e4b6d8f0a';

export async function videoTestDb(): Promise<{
  db: Db;
  databaseUrl: string;
  mediaRoot: string;
  close(): Promise<void>;
}> {
  const databaseUrl = await cloneTemplate(inject('pgAdminUrl'));
  const { db, pool } = createDb(databaseUrl, 4);
  // Tests that prune footage without a recorder still write audit entries.
  keyAuditChain(AUTH_SECRET);
  const mediaRoot = mkdtempSync(path.join(inject('tmpRoot'), 'media-'));
  return { db, databaseUrl, mediaRoot, close: () => pool.end() };
}

/**
 * What most recorder tests of a file share: a fresh database (and media folder) with one owner's
 * workspace, opened before the file's tests and closed after them. Read its fields inside tests.
 */
export function videoWorkspace() {
  const w = {} as Awaited<ReturnType<typeof videoTestDb>> & { workspaceId: string };
  beforeAll(async () => {
    Object.assign(w, await videoTestDb());
    ({ workspaceId: w.workspaceId } = await insertOwner(w.db));
  });
  afterAll(() => w.close?.());
  return w;
}

/** A workspace and its owner, inserted directly (the recorder only needs the rows). */
export async function insertOwner(db: Db): Promise<{ workspaceId: string; ownerId: string }> {
  const workspaceId = randomUUID();
  const ownerId = randomUUID();
  await db.insert(schema.workspaces).values({ id: workspaceId, name: 'Test', ownerId });
  const now = new Date();
  await db.insert(schema.users).values({
    id: ownerId,
    email: `owner-${ownerId}@example.com`,
    displayName: 'Owner',
    trialStartDate: now,
    trialEndDate: now,
    preferences: {} as never,
    limits: { maxCameras: 10, maxRecordings: 1000, maxStorage: 100, aiAnalysisQuota: 0 },
    usage: { camerasCount: 0, recordingsCount: 0, storageUsed: 0, aiAnalysisUsed: 0 },
    workspaceId,
  });
  return { workspaceId, ownerId };
}

export async function insertCamera(
  db: Db,
  workspaceId: string,
  over: Partial<typeof schema.cameras.$inferInsert> = {},
): Promise<typeof schema.cameras.$inferSelect> {
  const [row] = await db
    .insert(schema.cameras)
    .values({ workspaceId, name: 'Cam', sourceType: 'rtsp', recordingMode: 'continuous', ...over })
    .returning();
  return row!;
}

export async function cameraRow(db: Db, id: string) {
  const [row] = await db.select().from(schema.cameras).where(eq(schema.cameras.id, id));
  return row!;
}

export async function segmentRows(db: Db, cameraId: string) {
  return db
    .select()
    .from(schema.segments)
    .where(eq(schema.segments.cameraId, cameraId))
    .orderBy(schema.segments.startAt);
}

/** The camera's events of the given kinds, oldest first. */
export async function eventKinds(
  db: Db,
  cameraId: string,
  kinds: string[] = ['camera.offline', 'camera.online'],
): Promise<string[]> {
  const rows = await db.execute<{ kind: string }>(
    sql`select kind from events where camera_id = ${cameraId} and kind in ${kinds} order by start_at, created_at`,
  );
  return rows.rows.map((r) => r.kind);
}

/** Polls until fn returns a truthy value; never a fixed sleep. */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  timeoutMs: number,
  what: string | (() => string),
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
      last = v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what} (last: ${String(last)})`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** ffmpeg processes whose command line names this directory (the camera's unique segment dir). */
export function ffmpegPidsFor(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const argv = cmd.split('\0');
    if (path.basename(argv[0] ?? '') === 'ffmpeg' && argv.some((a) => a.includes(dir))) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Whether the ffmpeg with this pid writes recording segments (its command line has the segment
 * muxer): one without them cannot write footage, which a test checks instead of watching the clock.
 */
export function writesSegments(pid: number): boolean {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  // `-f segment <path>`, or the segment output of a tee (`[f=segment:…]<path>|…`).
  return argv.some((a, i) => (a === 'segment' && argv[i - 1] === '-f') || a.includes('[f=segment:'));
}

/**
 * Resolves once `n` more keyframes of the camera have gone through its live feed: the pictures
 * motion detection and the AI sampler look at went by. What a test waits on to say "a still scene
 * for a while, and nothing happened", instead of a fixed pause that a slow machine can make empty.
 */
export function keyframesPass(recorder: Recorder, cameraId: string, n: number, timeoutMs = 30_000): Promise<void> {
  const feed = recorder.liveFeeds.get(cameraId);
  if (!feed) return Promise.reject(new Error(`no live feed for camera ${cameraId}`));
  return new Promise((resolve, reject) => {
    let seen = 0;
    let replaying = true;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${seen} of ${n} keyframes within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = feed.subscribe((chunk) => {
      // What subscribe replays at once (the current picture) has gone by already: count new ones.
      if (replaying || chunk.type !== 'fragment' || !chunk.keyframe) return;
      seen += 1;
      if (seen < n) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
    replaying = false;
  });
}

export { segmentFiles } from './footage-audit.ts';

export interface TestRecorder {
  db: Db;
  databaseUrl: string;
  mediaRoot: string;
  workspaceId: string;
  recorder: Recorder;
  logs: string[];
  /** The app's storage, when the rig was asked for one (`{ storage: true }`): events' pictures. */
  storage: Storage | undefined;
  /** Inserts a camera (with the fixture's defaults under `over`) and has the recorder start it. */
  addCamera(over?: Parameters<typeof insertCamera>[2]): ReturnType<typeof insertCamera>;
}

/**
 * The recorder tests' common setup: a cloned database, one workspace and a running recorder with
 * 2 s segments, started before the file's tests and stopped after them. The returned object is
 * filled in by beforeAll, so read its fields inside tests.
 */
export function useTestRecorder(
  defaults: Parameters<typeof insertCamera>[2] = {},
  opts: { storage?: boolean } = {},
): TestRecorder {
  const rig = { logs: [] as string[] } as TestRecorder;
  let t: Awaited<ReturnType<typeof videoTestDb>> | undefined;
  beforeAll(async () => {
    t = await videoTestDb();
    const storage = opts.storage
      ? createLocalStorage(mkdtempSync(path.join(inject('tmpRoot'), 'storage-')), AUTH_SECRET)
      : undefined;
    Object.assign(rig, { db: t.db, databaseUrl: t.databaseUrl, mediaRoot: t.mediaRoot, storage });
    rig.workspaceId = (await insertOwner(t.db)).workspaceId;
    rig.recorder = createRecorder({
      allowLoopbackTargets: true,
      databaseUrl: t.databaseUrl,
      mediaRoot: t.mediaRoot,
      authSecret: AUTH_SECRET,
      segmentSeconds: 2,
      offlineGraceMs: 1000,
      storage,
      log: (m) => {
        rig.logs.push(m);
        // RIG_LOG=1: the recorder's log as it happens, to follow a failing test.
        if (process.env.RIG_LOG) console.log(new Date().toISOString(), m);
      },
    });
    await rig.recorder.start();
  });
  afterAll(async () => {
    await rig.recorder?.stop();
    await t?.close();
  });
  rig.addCamera = async (over = {}) => {
    const cam = await insertCamera(rig.db, rig.workspaceId, { ...defaults, ...over });
    await rig.recorder.sync(cam.id);
    return cam;
  };
  return rig;
}

/**
 * Writes `content` as a segment file of the camera (10 s unless said) where the recorder lays it out
 * and indexes it through insertSegment (so recordings and usage group exactly as the live indexer's
 * do). Returns the file's path, or throws when the index refused it.
 */
export async function writeIndexedSegment(
  db: Db,
  mediaRoot: string,
  cam: { id: string; workspaceId: string },
  startAt: Date,
  content: Buffer,
  lengthMs = 10_000,
): Promise<string> {
  const dir = segmentDir(mediaRoot, cam.workspaceId, cam.id);
  mkdirSync(dir, { recursive: true });
  const name = `${stamp(startAt)}.mp4`;
  const file = path.join(dir, name);
  writeFileSync(file, content);
  const ok = await insertSegment(db, {
    cameraId: cam.id,
    workspaceId: cam.workspaceId,
    kind: 'continuous',
    startAt,
    endAt: new Date(startAt.getTime() + lengthMs),
    bytes: content.length,
    path: relativeSegmentPath(cam.workspaceId, cam.id, name),
    initBytes: 0,
  });
  if (!ok) throw new Error(`segment ${name} was not indexed`);
  return file;
}

const RECORDER_CHILD = new URL('./recorder-child.ts', import.meta.url).pathname;

/**
 * A recorder in its own Node process, so a test can kill -9 it. `ready` resolves once it has
 * started (on a loaded machine loading the server through tsx alone can take many seconds, which
 * must not count against the wait for footage); `output()` is what it has printed so far.
 */
export function spawnRecorderChild(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', RECORDER_CHILD], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((r) => child.once('exit', r));
  const output = () => out.trim().slice(-2000);
  return {
    output,
    ready: () =>
      waitFor(
        () => out.includes('RECORDER_READY'),
        60_000,
        () => `the recorder child to start (${output()})`,
      ),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
