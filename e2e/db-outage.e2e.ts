import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holes,
  indexedSegments,
  indexVersusDisk,
  segmentFiles,
  overlapsOf,
  playlistEntries,
} from '../apps/server/test/footage-audit.ts';
import { freezePostgres } from '../apps/server/test/frozen-postgres.ts';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { addCamera, waitOnline } from './fixtures/cameras.ts';
import { type ExternalPostgres, startExternalPostgres } from './fixtures/external-postgres.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';
import { type RunningServer, startServer } from './fixtures/server.ts';

/**
 * Recording does not depend on the database being there. Two `npm start` servers record the same
 * two RTSP cameras side by side: one on its embedded PostgreSQL, one on an external PostgreSQL
 * (DATABASE_URL) this file runs. Each database is frozen (SIGSTOP to the postmaster and every
 * backend: connections open, nothing answered) for 60 s,
 * and the external one is then stopped for 60 s (`pg_ctl stop -m fast`) and started again on the
 * same port. After each fault the footage over the fault has no hole (consecutive segments within
 * 2 s) in the index, the day timeline or the playlist, every file in the cameras' folders is
 * indexed and every indexed file exists, the leases kept their epoch (no other recorder wanted
 * them), and readiness said 503 during the fault and 200 after it.
 */
const FAULT_MS = 60_000;
/** The window checked for holes: the fault and this much either side of it. */
const MARGIN_MS = 5000;

type Owner = Awaited<ReturnType<typeof apiSignUp>>;

interface Site {
  name: string;
  server: RunningServer;
  databaseUrl: () => string;
  owner: Owner;
  cameras: string[];
  /** Set if the server process ended (it must not: a database outage is no reason to exit). */
  exited?: string;
}

/** "the server process exited (code 1) at 23:00:00", or nothing while it runs. */
const exitNote = (s: Site) => (s.exited ? `; the ${s.name} server process ${s.exited}` : '');

type Reading = { at: number; status: number | 'no answer'; database?: string };

/** Readings as runs, "22:41:07 200 (up) ×12", so a failure shows what readiness said when. */
const runsOf = (seen: readonly Reading[]) => {
  const runs: string[] = [];
  let last = '';
  let n = 0;
  for (const r of seen) {
    const key = `${r.status} (${r.database ?? '-'})`;
    if (key === last) n++;
    else {
      if (n) runs[runs.length - 1] += ` ×${n}`;
      runs.push(`${new Date(r.at).toISOString().slice(11, 19)} ${key}`);
      last = key;
      n = 1;
    }
  }
  if (n) runs[runs.length - 1] += ` ×${n}`;
  return runs.join(', ');
};

/** One status of /api/health/ready every half second, until stopped. */
function watchReadiness(url: string) {
  const seen: Reading[] = [];
  let on = true;
  const done = (async () => {
    while (on) {
      const at = Date.now();
      try {
        const res = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(3000) });
        const body = (await res.json().catch(() => ({}))) as { database?: string };
        seen.push({ at, status: res.status, database: body.database });
      } catch {
        seen.push({ at, status: 'no answer' });
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 500 - (Date.now() - at))));
    }
  })();
  return {
    seen,
    async stop() {
      on = false;
      await done;
      return seen;
    },
  };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      if ((e as { final?: boolean }).final) throw e;
      last = e;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function withDb<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, statement_timeout: 5000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Each camera's lease epoch: kept through an outage when no other recorder took the camera. */
async function epochs(s: Site): Promise<Record<string, string>> {
  const { rows } = await withDb(s.databaseUrl(), (c) =>
    c.query<{ camera_id: string; epoch: string }>(
      'select camera_id, epoch::text from camera_leases where camera_id = any($1)',
      [s.cameras],
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.camera_id, r.epoch]));
}

/** Segment files name their writer: <UTC time>-e<epoch>.mp4. */
const SEGMENT_NAME = /^\d{8}T\d{6}Z-e\d+\.mp4$/;

const mediaRoot = (s: Site) => path.join(s.server.dataDir, 'media');
const folderOf = (s: Site, camera: string) => path.join(mediaRoot(s), s.owner.user.workspaceId, camera, 'segments');
const auth = (s: Site) => ({ authorization: `Bearer ${s.owner.token}` });

/** Where a camera's index and folder disagree, its newest file (still being written) aside. */
async function indexAgainstDisk(s: Site, camera: string) {
  const rows = await withDb(s.databaseUrl(), (c) => indexedSegments(c, camera));
  const open = segmentFiles(folderOf(s, camera)).slice(-1);
  return { rows, ...indexVersusDisk(mediaRoot(s), folderOf(s, camera), rows, open) };
}

/** Indexing has caught up: footage indexed past `after`, and no file but the open one unindexed. */
async function caughtUp(s: Site, camera: string, after: number) {
  return until(
    `${s.name} camera ${camera} to index past ${new Date(after).toISOString()}`,
    async () => {
      // A server that has exited indexes nothing more: no use waiting out the deadline.
      if (s.exited) throw Object.assign(new Error('gave up'), { final: true });
      const r = await indexAgainstDisk(s, camera);
      const last = r.rows.at(-1)?.endAt.getTime() ?? 0;
      return last > after && r.unindexed.length === 0 ? r : undefined;
    },
    60_000,
  ).catch(async (e) => {
    const r = await indexAgainstDisk(s, camera).catch(() => undefined);
    throw new Error(
      `${(e as Error).message}; unindexed ${JSON.stringify(r?.unindexed)}, last indexed end ${r?.rows.at(-1)?.endAt.toISOString()}${exitNote(s)}\n${s.server.output().slice(-3000)}`,
    );
  });
}

/** The local days (owner's time zone) that [from, to) touches. */
function daysOf(tz: string, from: number, to: number): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: tz, dateStyle: 'short' });
  return [...new Set([fmt.format(from), fmt.format(to)])];
}

/** The camera's recorded spans on the day timeline (the API the recordings page draws). */
async function timelineSpans(s: Site, camera: string, from: number, to: number) {
  const me = (await (await fetch(`${s.server.url}/api/v1/me`, { headers: auth(s) })).json()) as {
    user: { preferences: { timezone: string } };
  };
  const tz = me.user.preferences.timezone;
  const spans: { startAt: Date; endAt: Date }[] = [];
  for (const day of daysOf(tz, from, to)) {
    const res = await fetch(`${s.server.url}/api/v1/cameras/${camera}/timeline?${new URLSearchParams({ day, tz })}`, {
      headers: auth(s),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { spans: { start: string; end: string }[] };
    spans.push(...body.spans.map((sp) => ({ startAt: new Date(sp.start), endAt: new Date(sp.end) })));
  }
  return spans;
}

/**
 * After a fault over [faultStart, faultEnd): per camera, no hole in the index, the timeline or the
 * playlist over the fault, nothing played twice, the index and the folder agree; readiness said
 * 503 during the fault and 200 after it.
 */
async function expectUnbroken(
  s: Site,
  fault: string,
  faultStart: number,
  faultEnd: number,
  readiness: readonly Reading[],
  epochsBefore: Record<string, string>,
) {
  const from = new Date(faultStart - MARGIN_MS);
  const to = new Date(faultEnd + MARGIN_MS);
  for (const camera of s.cameras) {
    const r = await caughtUp(s, camera, to.getTime());
    const label = `${s.name} ${fault}, camera ${camera}`;
    const missing = holes(r.rows, from, to);
    if (missing.length) console.error(`[${label}] missing: ${missing.join(', ')}\n${s.server.output().slice(-4000)}`);
    expect.soft(missing, `${label}: holes in the segment index`).toEqual([]);
    expect.soft(r.missing, `${label}: indexed files that are not on disk`).toEqual([]);
    expect.soft(r.unindexed, `${label}: files on disk nobody indexed`).toEqual([]);
    expect
      .soft(holes(await timelineSpans(s, camera, from.getTime(), to.getTime()), from, to), `${label}: timeline`)
      .toEqual([]);
    const q = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    const res = await fetch(`${s.server.url}/api/v1/cameras/${camera}/vod.m3u8?${q}`, { headers: auth(s) });
    expect(res.status).toBe(200);
    const played = playlistEntries(await res.text());
    expect.soft(overlapsOf(played), `${label}: the playlist plays footage twice`).toEqual([]);
    expect.soft(holes(played, from, to), `${label}: holes in the playlist`).toEqual([]);
    expect
      .soft(
        segmentFiles(folderOf(s, camera)).filter((f) => !SEGMENT_NAME.test(f)),
        `${label}: files not named <time>-e<epoch>.mp4`,
      )
      .toEqual([]);
  }
  expect.soft(await epochs(s), `${s.name} ${fault}: lease epochs (no other recorder: kept)`).toEqual(epochsBefore);
  const during = readiness.filter((r) => r.at >= faultStart && r.at < faultEnd).map((r) => r.status);
  expect.soft(during, `${s.name}: /api/health/ready during the ${fault}: ${runsOf(readiness)}`).toContain(503);
}

/** Readiness answers 200 again after the fault (soft: the footage checks still run and report). */
async function readyAgain(s: Site, watcher: ReturnType<typeof watchReadiness>, end: number) {
  const again = () => {
    const last = watcher.seen.at(-1);
    return last !== undefined && last.status === 200 && last.at > end;
  };
  await until(`${s.name} ready again`, async () => again() || s.exited, 45_000).catch(() => {});
  expect
    .soft(again(), `${s.name}: /api/health/ready 45 s after the fault: ${runsOf(watcher.seen)}${exitNote(s)}`)
    .toBe(true);
}

describe('recording through a database outage', () => {
  const rtsp: RtspServer[] = [];
  let external: ExternalPostgres;
  const sites: Site[] = [];
  const thaws: (() => void)[] = [];
  const thawAll = () => {
    for (const thaw of thaws.splice(0)) thaw();
  };

  /**
   * A server, its owner and two RTSP cameras recording. Each server has test cameras of its own:
   * the test camera's shared stream stalls every client for seconds when another joins, so a
   * reconnect of one server's ffmpeg would cut a hole into the other's footage.
   */
  async function site(name: string, env: Record<string, string>, databaseUrl?: string): Promise<Site> {
    const cams = await Promise.all([startRtspServer(), startRtspServer({ pattern: 'smpte' })]);
    rtsp.push(...cams);
    const server = await startServer({ env });
    const owner = await apiSignUp(server.url, `Outage ${name}`);
    const cameras: string[] = [];
    for (const [i, cam] of cams.entries())
      cameras.push(
        await addCamera(server.url, owner, { name: `${name} ${i + 1}`, source: { type: 'rtsp', url: cam.url } }),
      );
    const s: Site = { name, server, owner, cameras, databaseUrl: () => databaseUrl ?? databaseUrlOf(server.dataDir) };
    server.process.once('exit', (code, signal) => {
      s.exited = `exited (${signal ?? `code ${code}`}) at ${new Date().toISOString().slice(11, 19)}`;
    });
    sites.push(s);
    for (const camera of cameras) await waitOnline(server.url, owner, camera);
    return s;
  }

  let embedded: Site;
  let onExternal: Site;

  beforeAll(async () => {
    external = await startExternalPostgres();
    [embedded, onExternal] = await Promise.all([
      site('embedded', {}),
      site('external', { DATABASE_URL: external.url }, external.url),
    ]);
    // A full segment of each camera indexed before any fault: the footage before it is there.
    await Promise.all(
      sites.flatMap((s) =>
        s.cameras.map((camera) =>
          until(
            `${s.name}'s first segment of ${camera}`,
            async () => {
              const rows = await withDb(s.databaseUrl(), (c) => indexedSegments(c, camera));
              return rows.length > 0 && rows[0]!.startAt.getTime() < Date.now() - MARGIN_MS - 1000;
            },
            60_000,
          ),
        ),
      ),
    );
  }, 150_000);

  afterAll(async () => {
    thawAll();
    await Promise.all(
      sites.map(async (s) => {
        const stopped = s.server.stop();
        const timer = setTimeout(() => s.server.process.kill('SIGKILL'), 30_000);
        await stopped;
        clearTimeout(timer);
      }),
    );
    await external?.destroy();
    await Promise.all(rtsp.map((r) => r.stop()));
  }, 90_000);

  it('PostgreSQL frozen for 60 s, embedded and external side by side: no hole, index matches disk', async () => {
    const before = await Promise.all(sites.map(epochs));
    const watchers = sites.map((s) => watchReadiness(s.server.url));
    const start = Date.now();
    thaws.push(freezePostgres(path.join(embedded.server.dataDir, 'pg')));
    external.freeze();
    thaws.push(() => external.thaw());
    await new Promise((r) => setTimeout(r, FAULT_MS));
    thawAll();
    const end = Date.now();
    await Promise.all(sites.map((s, i) => readyAgain(s, watchers[i]!, end)));
    const seen = await Promise.all(watchers.map((w) => w.stop()));
    await Promise.all(sites.map((s, i) => expectUnbroken(s, 'freeze', start, end, seen[i]!, before[i]!)));
  }, 240_000);

  it('external PostgreSQL stopped for 60 s and started again on its port: no hole, index matches disk', async () => {
    const before = await epochs(onExternal);
    const watcher = watchReadiness(onExternal.server.url);
    const start = Date.now();
    external.stop();
    await new Promise((r) => setTimeout(r, FAULT_MS - (Date.now() - start)));
    await external.start();
    const end = Date.now();
    await readyAgain(onExternal, watcher, end);
    await expectUnbroken(onExternal, 'stop', start, end, await watcher.stop(), before);
  }, 240_000);
});
