import { createDb } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { withPg } from '../../../test/helpers.ts';
import { type CountScope, type Grouping, type Period, analyticsRepo } from './analytics.repo.ts';

/**
 * The event_counts tables (decision 0010) against the events they count: the triggers keep all
 * three equal to a GROUP BY over events through bulk and single inserts, deletes (a camera's
 * cascade included) and moves; and every figure read through them equals the same figure read
 * from the events alone, for ragged periods in zones a quarter hour grain must serve exactly.
 */
const MISMATCHES = `
  with truth as (select workspace_id, camera_id, kind, start_at from events where camera_id is not null)
  select 'camera' as grain, count(*)::int as n from (
    (select workspace_id, camera_id, event_counts_bucket(start_at), kind, count(*)::int from truth group by 1, 2, 3, 4
     except select workspace_id, camera_id, bucket, kind, n from event_counts)
    union all
    (select workspace_id, camera_id, bucket, kind, n from event_counts
     except select workspace_id, camera_id, event_counts_bucket(start_at), kind, count(*)::int from truth group by 1, 2, 3, 4)) x
  union all
  select 'daily', count(*)::int from (
    (select workspace_id, (start_at at time zone 'UTC')::date, camera_id, kind, count(*)::int from truth group by 1, 2, 3, 4
     except select workspace_id, day, camera_id, kind, n from event_counts_daily)
    union all
    (select workspace_id, day, camera_id, kind, n from event_counts_daily
     except select workspace_id, (start_at at time zone 'UTC')::date, camera_id, kind, count(*)::int from truth group by 1, 2, 3, 4)) x
  union all
  select 'workspace', count(*)::int from (
    (select workspace_id, event_counts_bucket(start_at), kind, count(*)::int from truth group by 1, 2, 3
     except select workspace_id, bucket, kind, n from event_counts_workspace)
    union all
    (select workspace_id, bucket, kind, n from event_counts_workspace
     except select workspace_id, event_counts_bucket(start_at), kind, count(*)::int from truth group by 1, 2, 3)) x`;

/** A small seeded PRNG: the same periods every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('event counts', () => {
  let t: TestApp;
  let db: ReturnType<typeof createDb>;
  let ws: string;
  let cams: string[];
  let token: string;
  const START = Date.parse('2026-03-20T00:00:00Z');
  const mismatches = () =>
    withPg(t.databaseUrl, async (c) => Object.fromEntries((await c.query(MISMATCHES)).rows.map((r) => [r.grain, r.n])));
  const none = { camera: 0, daily: 0, workspace: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUp(t.app);
    ws = owner.workspace.id;
    token = owner.token;
    cams = [];
    for (const name of ['One', 'Two', 'Three']) cams.push(await createTestPatternCamera(t.app, owner.token, name));
    db = createDb(t.databaseUrl, 2);
    // Three weeks around the spring DST change, in one statement (the statement-level trigger's bulk path).
    await withPg(t.databaseUrl, async (c) => {
      await c.query('select setseed(0.42)');
      await c.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at)
         select $1, ($2::uuid[])[1 + (g % 3)], (array['motion', 'motion', 'camera.offline', 'recording.gap'])[1 + (g % 4)],
                'info', $3::timestamptz + random() * interval '21 days'
         from generate_series(1, 3000) g`,
        [ws, cams, new Date(START).toISOString()],
      );
    });
  });
  afterAll(async () => {
    await db?.pool.end();
    await t?.close();
  });

  it('keeps the three grains equal to the events through inserts, deletes and moves', async () => {
    expect(await mismatches()).toEqual(none);
    await withPg(t.databaseUrl, async (c) => {
      // One by one, as the recorder writes them; one of no camera (not counted).
      for (const at of ['2026-03-29T00:59:59.999Z', '2026-03-29T01:00:00Z', '2026-03-29T01:14:59Z']) {
        await c.query(
          `insert into events (workspace_id, camera_id, kind, severity, start_at) values ($1, $2, 'motion', 'info', $3)`,
          [ws, cams[0], at],
        );
      }
      await c.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at) values ($1, null, 'storage.pruned', 'info', now())`,
        [ws],
      );
      // A move to another quarter, kind and camera; then some deleted.
      await c.query(
        `update events set start_at = start_at + interval '7 minutes', kind = 'motion', camera_id = $2
         where id in (select id from events where workspace_id = $1 and camera_id is not null order by start_at limit 25)`,
        [ws, cams[1]],
      );
      await c.query(
        `delete from events where id in (select id from events where workspace_id = $1 order by id limit 300)`,
        [ws],
      );
      // Acknowledging touches no counted column.
      await c.query(`update events set acknowledged_at = now() where workspace_id = $1`, [ws]);
    });
    expect(await mismatches()).toEqual(none);
  });

  it('reads every figure as the events alone say, for ragged periods in several zones', async () => {
    const random = prng(13);
    const zones = ['Europe/Paris', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'UTC'];
    const scopes: Pick<CountScope, 'cameras' | 'kind'>[] = [
      { cameras: null },
      { cameras: [cams[0]!] },
      { cameras: [cams[1]!, cams[2]!], kind: 'motion' },
      { cameras: null, kind: 'camera.offline' },
      { cameras: [] },
    ];
    const groupings: Grouping[] = ['day', 'hour', 'camera', 'site'];
    for (let i = 0; i < 40; i++) {
      // From a few minutes to the whole three weeks, at any millisecond.
      const from = START - 86_400_000 + Math.floor(random() * 23 * 86_400_000);
      const span = Math.floor(random() ** 3 * 23 * 86_400_000) + 1;
      const p: Period = { from: new Date(from), to: new Date(from + span) };
      const tz = zones[i % zones.length]!;
      const s: CountScope = { workspaceId: ws, ...scopes[i % scopes.length]! };
      const by = groupings[i % groupings.length]!;
      const what = `${by} ${tz} ${JSON.stringify(s)} ${p.from.toISOString()} → ${p.to.toISOString()}`;
      const sorted = (rows: { key: string | null; count: number }[]) =>
        rows.filter((r) => r.count).sort((a, b) => String(a.key).localeCompare(String(b.key)));
      const fast = await analyticsRepo.counts(db.db, s, p, tz, by);
      const slow = await analyticsRepo.counts(db.db, s, p, tz, by, { rollup: false });
      expect(sorted(fast), what).toEqual(sorted(slow));
      if (by === 'day' || by === 'hour')
        expect(
          fast.map((r) => r.key),
          what,
        ).toEqual(slow.map((r) => r.key));
      const heat = (rows: { weekday: number; hour: number; count: number }[]) =>
        rows.filter((r) => r.count).sort((a, b) => a.weekday * 24 + a.hour - (b.weekday * 24 + b.hour));
      expect(heat(await analyticsRepo.heatmap(db.db, s, p, tz)), what).toEqual(
        heat(await analyticsRepo.heatmap(db.db, s, p, tz, { rollup: false })),
      );
    }
  });

  it('takes a deleted camera’s counts with its events', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/cameras/${cams[2]}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(204);
    const left = await withPg(t.databaseUrl, async (c) => {
      const r = await c.query(
        `select (select count(*) from event_counts where camera_id = $1)::int
              + (select count(*) from event_counts_daily where camera_id = $1)::int as n`,
        [cams[2]],
      );
      return r.rows[0].n as number;
    });
    expect(left).toBe(0);
    expect(await mismatches()).toEqual(none);
  });
});
