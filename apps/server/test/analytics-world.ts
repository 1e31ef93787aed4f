import type { AuthResult } from '@vigil/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * The analytics tests' workspace (Europe/Paris): three cameras and events at known instants around
 * the spring DST change (Sunday 29 March 2026, 02:00 CET → 03:00 CEST) and the autumn one (Sunday
 * 25 October 2026, 03:00 CEST → 02:00 CET), outages, footage and storage readings. Every expected
 * figure in analytics.test.ts is counted by hand from the lists here (the outages are events too:
 * camera.offline ones).
 *
 * The period most tests ask for: from=2026-03-27 to=2026-04-01, local dates, i.e.
 * [2026-03-26T23:00Z, 2026-03-31T22:00Z): 119 hours (the spring change takes one).
 */
export const PERIOD = { from: '2026-03-27', to: '2026-04-01' };
export const PERIOD_FROM = '2026-03-26T23:00:00.000Z';
export const PERIOD_TO = '2026-03-31T22:00:00.000Z';

/** Camera A's events (motion): [UTC instant, what the Paris wall clock says]. */
export const A_EVENTS = [
  ['2026-03-27T22:30:00Z', 'Fri 27 23:30 CET'],
  ['2026-03-27T23:10:00Z', 'Sat 28 00:10 CET: the UTC day is still the 27th'],
  ['2026-03-28T10:00:00Z', 'Sat 28 11:00 CET'],
  ['2026-03-29T00:30:00Z', 'Sun 29 01:30 CET'],
  ['2026-03-29T01:30:00Z', 'Sun 29 03:30 CEST: 02:00–03:00 did not happen'],
  ['2026-03-29T22:30:00Z', 'Mon 30 00:30 CEST: local days now start at 22:00Z'],
] as const;
/** Camera B's: a motion and a recording gap. */
export const B_EVENTS = [
  ['2026-03-30T12:07:30Z', 'motion', 'Mon 30 14:07:30 CEST'],
  ['2026-03-29T21:59:59Z', 'recording.gap', 'Sun 29 23:59:59 CEST'],
] as const;
/** Events that must not count in PERIOD. */
export const OUTSIDE = [
  ['2026-03-26T22:59:59Z', 'Thu 26 23:59:59 CET: a second before the period'],
  ['2026-03-31T22:00:00Z', 'Wed 1 April 00:00 CEST: the period’s end, excluded'],
] as const;
/** The autumn change: 02:30 CEST and 02:30 CET, one hour apart, the same wall-clock hour. */
export const AUTUMN = ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'] as const;

/**
 * Outages (camera.offline start → end). A from 2026-03-01: O1 starts before the period (2 h of it
 * inside), O2 and O3 overlap (their union is 45 min), O4 is still open (1 h inside, up to the
 * period's end). B exists from 2026-03-29T12:00Z: its outage is counted from then (1 h).
 */
export const A_OUTAGES = [
  ['2026-03-26T21:00:00Z', '2026-03-27T01:00:00Z'],
  ['2026-03-28T10:00:00Z', '2026-03-28T10:30:00Z'],
  ['2026-03-28T10:15:00Z', '2026-03-28T10:45:00Z'],
  ['2026-03-31T21:00:00Z', null],
] as const;
export const B_CREATED = '2026-03-29T12:00:00Z';
export const B_OUTAGE = ['2026-03-29T11:00:00Z', '2026-03-29T13:00:00Z'] as const;
/** Camera C's name is a formula a spreadsheet would run: CSV exports must neutralise it. */
export const C_NAME = '=HYPERLINK("http://x","C")';

export interface AnalyticsWorld {
  t: TestApp;
  owner: AuthResult;
  other: AuthResult;
  cams: { a: string; b: string; c: string; foreign: string };
  get(token: string, url: string): Promise<LightMyRequestResponse>;
}

export function useAnalyticsWorld(): AnalyticsWorld {
  const w = { cams: {} } as AnalyticsWorld;
  beforeAll(async () => {
    w.t = await createTestApp();
    w.owner = await signUp(w.t.app, { displayName: 'Owner' });
    w.other = await signUp(w.t.app, { displayName: 'Other tenant' });
    w.get = (token, url) => w.t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const tz = await w.t.app.inject({
      method: 'PUT',
      url: '/api/v1/schedules/time-zone',
      headers: bearer(w.owner.token),
      payload: { timeZone: 'Europe/Paris' },
    });
    if (tz.statusCode !== 200) throw new Error(`time zone: ${tz.body}`);
    w.cams = {
      a: await createTestPatternCamera(w.t.app, w.owner.token, 'Alpha'),
      b: await createTestPatternCamera(w.t.app, w.owner.token, 'Bravo'),
      c: await createTestPatternCamera(w.t.app, w.owner.token, C_NAME),
      foreign: await createTestPatternCamera(w.t.app, w.other.token, 'Foreign'),
    };
    await seed(w);
  });
  afterAll(() => w.t?.close());
  return w;
}

async function seed(w: AnalyticsWorld) {
  const { a, b, foreign } = w.cams;
  await withPg(w.t.databaseUrl, async (pg) => {
    // No recorder runs in a test app: these are the cameras' only events.
    await pg.query(`update cameras set created_at = '2026-03-01T00:00:00Z' where id = $1`, [a]);
    await pg.query('update cameras set created_at = $2 where id = $1', [b, B_CREATED]);
    const add = (camera: string | null, kind: string, at: string, end: string | null = null) =>
      pg.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at)
         select w.id, $1, $2, 'info', $3, $4 from workspaces w
         where w.id = coalesce((select workspace_id from cameras where id = $1), $5)`,
        [camera, kind, at, end, w.owner.workspace.id],
      );
    for (const [at] of A_EVENTS) await add(a, 'motion', at);
    for (const [at, kind] of B_EVENTS) await add(b, kind, at);
    for (const [at] of OUTSIDE) await add(a, 'motion', at);
    for (const at of AUTUMN) await add(a, 'motion', at);
    // Not counted: an event of no camera, another workspace's.
    await add(null, 'storage.pruned', '2026-03-28T12:00:00Z');
    await add(foreign, 'motion', '2026-03-28T12:00:00Z');
    // One statement, several rows: the statement-level trigger sums them.
    await pg.query(
      `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at)
       select workspace_id, id, 'camera.offline', 'alert', s::timestamptz, e::timestamptz
       from cameras, (values ${A_OUTAGES.map((_, i) => `($${2 + 2 * i}, $${3 + 2 * i})`).join(', ')}) v(s, e)
       where id = $1`,
      [a, ...A_OUTAGES.flat()],
    );
    await add(b, 'camera.offline', B_OUTAGE[0], B_OUTAGE[1]);
    // Footage of A: two recordings (3,000 bytes), the oldest segment ten days back; storage readings.
    const rec = await pg.query<{ id: string }>(
      `insert into recordings (camera_id, workspace_id, kind, start_at, end_at, bytes)
       select id, workspace_id, 'continuous', now() - interval '10 days', now() - interval '9 days', 1000
         from cameras where id = $1
       union all
       select id, workspace_id, 'continuous', now() - interval '1 day', now(), 2000 from cameras where id = $1
       returning id`,
      [a],
    );
    await pg.query(
      `insert into segments (camera_id, workspace_id, recording_id, start_at, end_at, bytes, path)
       select id, workspace_id, $2, now() - interval '10 days', now() - interval '10 days' + interval '10 seconds', 1000,
              'analytics-test/a.mp4' from cameras where id = $1`,
      [a, rec.rows[0]!.id],
    );
    await pg.query(
      `insert into storage_daily (workspace_id, day, bytes) values
         ($1, '2026-03-26', 4000000000), ($1, '2026-03-27', 5000000000), ($1, '2026-03-31', 6000000000),
         ($1, '2026-04-01', 7000000000)`,
      [w.owner.workspace.id],
    );
  });
}
