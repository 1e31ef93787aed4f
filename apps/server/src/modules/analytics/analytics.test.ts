import type { AnalyticsEvents, AnalyticsHeatmap, AnalyticsStorage, AnalyticsUptime } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { C_NAME, PERIOD, PERIOD_FROM, PERIOD_TO, useAnalyticsWorld } from '../../../test/analytics-world.ts';
import { signUp } from '../../../test/harness.ts';
import { errorOf, grantPlan, joinWorkspace, withPg } from '../../../test/helpers.ts';

/**
 * Analytics against figures counted by hand from test/analytics-world.ts: Paris days
 * and hours across midnight and both DST changes, a half-hour zone (a site in Kolkata), outages
 * clipped to the period and to the camera's life, a member's camera scope, the vms plan for
 * sites, bad input, CSV with a formula for a camera name.
 */
describe('analytics', () => {
  const w = useAnalyticsWorld();
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  async function read<T>(path: string, params: Record<string, string>, token = w.owner.token): Promise<T> {
    const res = await w.get(token, `/api/v1/analytics/${path}?${q(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }
  const counts = (f: AnalyticsEvents) => Object.fromEntries(f.buckets.map((b) => [b.key, b.count]));
  const nonZero = (f: AnalyticsEvents) =>
    Object.fromEntries(f.buckets.filter((b) => b.count).map((b) => [b.label, b.count]));
  const cells = (f: AnalyticsHeatmap) =>
    Object.fromEntries(f.cells.filter((c) => c.count).map((c) => [`${c.weekday}@${c.hour}`, c.count]));

  it('counts events per Paris day: across midnight and the spring DST change, zeros included', async () => {
    const f = await read<AnalyticsEvents>('events', { ...PERIOD, groupBy: 'day' });
    expect(f).toMatchObject({ from: PERIOD_FROM, to: PERIOD_TO, timeZone: 'Europe/Paris', groupBy: 'day', total: 12 });
    expect(f.buckets).toEqual([
      { key: '2026-03-27', label: '2026-03-27', count: 1 },
      { key: '2026-03-28', label: '2026-03-28', count: 4 },
      { key: '2026-03-29', label: '2026-03-29', count: 4 },
      { key: '2026-03-30', label: '2026-03-30', count: 2 },
      { key: '2026-03-31', label: '2026-03-31', count: 1 },
    ]);
    // groupBy defaults to day; a kind narrows it.
    expect((await read<AnalyticsEvents>('events', PERIOD)).buckets).toEqual(f.buckets);
    const gaps = await read<AnalyticsEvents>('events', { ...PERIOD, kind: 'recording.gap' });
    expect([gaps.total, counts(gaps)['2026-03-29']]).toEqual([1, 1]);
  });

  it('counts per local hour: 119 of them, 02:00 missing on the spring change, 02:00 twice in autumn', async () => {
    const f = await read<AnalyticsEvents>('events', { ...PERIOD, groupBy: 'hour' });
    expect(f.buckets).toHaveLength(119);
    expect(f.buckets[0]).toEqual({ key: PERIOD_FROM, label: '2026-03-27 00:00', count: 0 });
    expect(f.buckets.at(-1)).toEqual({ key: '2026-03-31T21:00:00.000Z', label: '2026-03-31 23:00', count: 1 });
    expect(f.buckets.find((b) => b.label === '2026-03-29 02:00')).toBeUndefined();
    expect(f.buckets.find((b) => b.label === '2026-03-29 03:00')?.key).toBe('2026-03-29T01:00:00.000Z');
    expect(nonZero(f)).toEqual({
      '2026-03-27 23:00': 1,
      '2026-03-28 00:00': 1,
      '2026-03-28 11:00': 3,
      '2026-03-29 01:00': 1,
      '2026-03-29 03:00': 1,
      '2026-03-29 13:00': 1,
      '2026-03-29 23:00': 1,
      '2026-03-30 00:00': 1,
      '2026-03-30 14:00': 1,
      '2026-03-31 23:00': 1,
    });
    const autumn = await read<AnalyticsEvents>('events', { from: '2026-10-25', to: '2026-10-26', groupBy: 'hour' });
    expect(autumn.buckets).toHaveLength(25);
    expect(autumn.buckets.filter((b) => b.label === '2026-10-25 02:00')).toEqual([
      { key: '2026-10-25T00:00:00.000Z', label: '2026-10-25 02:00', count: 1 },
      { key: '2026-10-25T01:00:00.000Z', label: '2026-10-25 02:00', count: 1 },
    ]);
    const day = await read<AnalyticsEvents>('events', { from: '2026-10-25', to: '2026-10-26' });
    expect(day.buckets).toEqual([{ key: '2026-10-25', label: '2026-10-25', count: 2 }]);
  });

  it('counts per camera (the quiet one too) and keeps the heat map in local weekday × hour', async () => {
    const f = await read<AnalyticsEvents>('events', { ...PERIOD, groupBy: 'camera' });
    expect(f.buckets).toEqual([
      { key: w.cams.a, label: 'Alpha', count: 9 },
      { key: w.cams.b, label: 'Bravo', count: 3 },
      { key: w.cams.c, label: C_NAME, count: 0 },
    ]);
    const h = await read<AnalyticsHeatmap>('heatmap', PERIOD);
    expect(h.cells).toHaveLength(168);
    expect(h.total).toBe(12);
    // ISO weekdays: Monday 1 … Sunday 7.
    expect(cells(h)).toEqual({
      '5@23': 1,
      '6@0': 1,
      '6@11': 3,
      '7@1': 1,
      '7@3': 1,
      '7@13': 1,
      '7@23': 1,
      '1@0': 1,
      '1@14': 1,
      '2@23': 1,
    });
    const autumn = await read<AnalyticsHeatmap>('heatmap', { from: '2026-10-25', to: '2026-10-26' });
    expect(cells(autumn)).toEqual({ '7@2': 2 });
  });

  it('takes instants too: a period starting or ending inside a quarter hour counts exactly', async () => {
    const from = '2026-03-27T23:10:00Z';
    const to = '2026-03-29T01:30:00Z';
    const f = await read<AnalyticsEvents>('events', { from, to });
    expect([f.total, counts(f)]).toEqual([5, { '2026-03-28': 4, '2026-03-29': 1 }]);
    const later = await read<AnalyticsEvents>('events', { from: '2026-03-27T23:10:00.001Z', to, groupBy: 'camera' });
    expect(later.buckets[0]).toEqual({ key: w.cams.a, label: 'Alpha', count: 4 });
  });

  it('derives uptime from offline events, clipped to the period and to each camera’s life', async () => {
    const f = await read<AnalyticsUptime>('uptime', PERIOD);
    const [a, b, c] = [w.cams.a, w.cams.b, w.cams.c].map((id) => f.cameras.find((x) => x.cameraId === id)!);
    // A: 119 h observed; 2 h (O1 inside) + 45 min (O2 ∪ O3) + 1 h (O4, still open) down.
    expect(a).toMatchObject({ observedSeconds: 428_400, downSeconds: 13_500, uptime: 0.968487, outageCount: 4 });
    expect(a!.outages).toEqual([
      { startAt: '2026-03-31T21:00:00.000Z', endAt: null, seconds: 3600 },
      { startAt: '2026-03-28T10:15:00.000Z', endAt: '2026-03-28T10:45:00.000Z', seconds: 1800 },
      { startAt: '2026-03-28T10:00:00.000Z', endAt: '2026-03-28T10:30:00.000Z', seconds: 1800 },
      { startAt: '2026-03-26T21:00:00.000Z', endAt: '2026-03-27T01:00:00.000Z', seconds: 7200 },
    ]);
    // B exists from 29 March 12:00Z: 58 h observed, the hour of its outage after that down.
    expect(b).toMatchObject({ observedSeconds: 208_800, downSeconds: 3600, uptime: 0.982759, outageCount: 1 });
    // C was added after the period: nothing observed.
    expect(c).toMatchObject({ observedSeconds: 0, downSeconds: 0, uptime: null, outageCount: 0, outages: [] });
    expect(f.overall).toEqual({ observedSeconds: 637_200, downSeconds: 17_100, uptime: 0.973164 });
  });

  it('shows storage growth over the period’s local dates and days of footage kept per camera', async () => {
    const f = await read<AnalyticsStorage>('storage', PERIOD);
    expect(f.history).toEqual([
      { day: '2026-03-27', bytes: 5e9 },
      { day: '2026-03-31', bytes: 6e9 },
    ]);
    const a = f.cameras.find((c) => c.cameraId === w.cams.a)!;
    expect(a.bytes).toBe(3000);
    expect(a.daysKept).toBeGreaterThanOrEqual(9.9);
    expect(a.daysKept).toBeLessThanOrEqual(10.1);
    expect(Math.abs(Date.parse(a.oldestAt!) - (Date.now() - 10 * 86_400_000))).toBeLessThan(120_000);
    expect(f.cameras.find((c) => c.cameraId === w.cams.b)).toMatchObject({ bytes: 0, oldestAt: null, daysKept: null });
  });

  it('keeps a member limited to one camera to its figures', async () => {
    const member = await signUp(w.t.app, { displayName: 'Limited manager' });
    await joinWorkspace(w.t.databaseUrl, member.user.uid, w.owner.workspace.id, 'manager', [w.cams.b]);
    const tok = member.token;
    const byCamera = await read<AnalyticsEvents>('events', { ...PERIOD, groupBy: 'camera' }, tok);
    expect(byCamera.buckets).toEqual([{ key: w.cams.b, label: 'Bravo', count: 3 }]);
    const byDay = await read<AnalyticsEvents>('events', PERIOD, tok);
    expect([byDay.total, counts(byDay)['2026-03-29'], counts(byDay)['2026-03-30']]).toEqual([3, 2, 1]);
    expect((await read<AnalyticsHeatmap>('heatmap', PERIOD, tok)).total).toBe(3);
    const up = await read<AnalyticsUptime>('uptime', PERIOD, tok);
    expect(up.cameras.map((c) => c.cameraId)).toEqual([w.cams.b]);
    const storage = await read<AnalyticsStorage>('storage', PERIOD, tok);
    expect([storage.history, storage.cameras.map((c) => c.cameraId)]).toEqual([null, [w.cams.b]]);
    // Camera A is outside the scope: as unknown as another workspace's.
    for (const id of [w.cams.a, w.cams.foreign]) {
      const res = await w.get(tok, `/api/v1/analytics/events?${q({ ...PERIOD, cameraId: id })}`);
      expect([res.statusCode, errorOf(res).code]).toEqual([404, 'not-found']);
    }
  });

  it('needs the vms plan for a site; a site in Kolkata counts in its own half-hour zone', async () => {
    const siteQuery = async (params: Record<string, string>) =>
      w.get(w.owner.token, `/api/v1/analytics/events?${q({ ...PERIOD, ...params })}`);
    const [site, foreignSite] = await withPg(w.t.databaseUrl, async (c) => {
      const add = async (ws: string, name: string) =>
        (
          await c.query<{ id: string }>(
            `insert into sites (workspace_id, name, timezone) values ($1, $2, 'Asia/Kolkata') returning id`,
            [ws, name],
          )
        ).rows[0]!.id;
      const own = await add(w.owner.workspace.id, 'Pune');
      await c.query('update cameras set site_id = $1 where id = $2', [own, w.cams.a]);
      return [own, await add(w.other.workspace.id, 'Elsewhere')];
    });
    for (const params of [{ siteId: site! }, { groupBy: 'site' }] as Record<string, string>[]) {
      const res = await siteQuery(params);
      expect([res.statusCode, errorOf(res).code]).toEqual([400, 'failed-precondition']);
      expect(errorOf(res).message).toMatch(/plan/);
    }
    await grantPlan(w.t.databaseUrl, w.owner.workspace.id, 'vms');
    // Kolkata is UTC+5:30: its dates start at 18:30Z, so the second before Paris's period and O1 are in.
    const f = (await siteQuery({ siteId: site })).json() as AnalyticsEvents;
    expect([f.timeZone, f.from, f.total]).toEqual(['Asia/Kolkata', '2026-03-26T18:30:00.000Z', 10]);
    expect(counts(f)).toEqual({
      '2026-03-27': 2,
      '2026-03-28': 5,
      '2026-03-29': 2,
      '2026-03-30': 1,
      '2026-03-31': 0,
    });
    const hours = (await siteQuery({ siteId: site, groupBy: 'hour' })).json() as AnalyticsEvents;
    // Kolkata's 04:00 on the 28th is [22:30Z, 23:30Z) of the 27th: A's 22:30Z and 23:10Z events.
    expect(hours.buckets.find((b) => b.label === '2026-03-28 04:00')).toEqual({
      key: '2026-03-27T22:30:00.000Z',
      label: '2026-03-28 04:00',
      count: 2,
    });
    const bySite = (await siteQuery({ groupBy: 'site' })).json() as AnalyticsEvents;
    expect(bySite.buckets).toEqual([
      { key: site, label: 'Pune', count: 9 },
      { key: null, label: '', count: 3 },
    ]);
    for (const id of [foreignSite, '00000000-0000-4000-8000-000000000000']) {
      const res = await siteQuery({ siteId: id! });
      expect([res.statusCode, errorOf(res).code]).toEqual([404, 'not-found']);
    }
  });

  it('refuses bad input with invalid-argument and says which field', async () => {
    const bad = async (params: Record<string, string>, field?: string) => {
      const res = await w.get(w.owner.token, `/api/v1/analytics/events?${q(params)}`);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(params)).toEqual([400, 'invalid-argument']);
      if (field) expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(params)).toContain(field);
    };
    await bad({ from: '2026-04-01', to: '2026-03-27' }, 'to');
    await bad({ from: '2026-03-27', to: '2026-03-27' }, 'to');
    await bad({ from: '2025-03-30', to: '2026-04-01' }, 'to'); // 367 days
    await bad({ ...PERIOD, groupBy: 'week' }, 'groupBy');
    await bad({ from: '2026-02-30', to: '2026-04-01' }, 'from');
    await bad({ from: 'yesterday', to: '2026-04-01' }, 'from');
    await bad({ ...PERIOD, kind: 'nope' }, 'kind');
    await bad({ ...PERIOD, extra: '1' });
    await bad({ to: '2026-04-01' }, 'from');
    // A whole year (a leap day's worth) is allowed.
    expect(
      (await w.get(w.owner.token, `/api/v1/analytics/events?${q({ from: '2025-03-31', to: '2026-04-01' })}`))
        .statusCode,
    ).toBe(200);
  });

  it('exports each figure as CSV with formula-looking cells neutralised', async () => {
    const csv = async (path: string, params: Record<string, string> = PERIOD) => {
      const res = await w.get(w.owner.token, `/api/v1/analytics/${path}.csv?${q(params)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`vigil-${path}-2026-03-27-2026-04-01\\.csv`));
      return res.body.split('\r\n').filter(Boolean);
    };
    const neutralised = `"'=HYPERLINK(""http://x"",""C"")"`;
    expect(await csv('events', { ...PERIOD, groupBy: 'camera' })).toEqual([
      'camera id,camera,events',
      `${w.cams.a},Alpha,9`,
      `${w.cams.b},Bravo,3`,
      `${w.cams.c},${neutralised},0`,
    ]);
    expect(await csv('events')).toEqual([
      'day (Europe/Paris),events',
      '2026-03-27,1',
      '2026-03-28,4',
      '2026-03-29,4',
      '2026-03-30,2',
      '2026-03-31,1',
    ]);
    const heat = await csv('heatmap');
    expect([heat.length, heat[0], heat[1 + 4 * 24 + 23]]).toEqual([
      169,
      'weekday,hour (Europe/Paris),events',
      'Friday,23,1',
    ]);
    const uptime = await csv('uptime');
    expect(uptime[0]).toBe('camera id,camera,site id,uptime %,observed seconds,down seconds,outages');
    expect(uptime).toContain(`${w.cams.c},${neutralised},,,0,0,0`);
    expect((await csv('outages'))[1]).toBe(`${w.cams.a},Alpha,2026-03-31T21:00:00.000Z,,3600`);
    expect(await csv('storage')).toEqual(['day,bytes', '2026-03-27,5000000000', '2026-03-31,6000000000']);
    expect((await csv('footage')).find((l) => l.startsWith(w.cams.c))).toBe(`${w.cams.c},${neutralised},,0,,`);
  });
});
