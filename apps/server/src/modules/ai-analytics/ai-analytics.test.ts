import type { AiAnalytics } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { errorOf, grantPlan, joinWorkspace, withPg } from '../../../test/helpers.ts';

/**
 * AI analytics against `ai.detection` events inserted at known instants in a Paris
 * workspace: per label per local day (an event counts once per label it found), per camera, the
 * weekday × hour heat map, the quota used, the AI-access plan gate, a member's camera scope, the
 * CSV twin (a camera named like a formula), bad input.
 */
const PERIOD = { from: '2026-03-27', to: '2026-03-30' }; // [03-26T23:00Z, 03-29T22:00Z): the spring change inside
const FORMULA = '=HYPERLINK("http://x","B")';

describe('ai analytics', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  const cams = { a: '', b: '', c: '', foreign: '' };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const get = (token: string, path: string, params: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/ai/${path}?${q(params)}`, headers: bearer(token) });
  async function read(params: Record<string, string>, token = owner.token): Promise<AiAnalytics> {
    const res = await get(token, 'analytics', params);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AiAnalytics;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, { displayName: 'Owner' });
    other = await signUp(t.app, { displayName: 'Other' });
    const tz = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/schedules/time-zone',
      headers: bearer(owner.token),
      payload: { timeZone: 'Europe/Paris' },
    });
    expect(tz.statusCode, tz.body).toBe(200);
    cams.a = await createTestPatternCamera(t.app, owner.token, 'Alpha');
    cams.b = await createTestPatternCamera(t.app, owner.token, FORMULA);
    cams.c = await createTestPatternCamera(t.app, owner.token, 'Charlie');
    cams.foreign = await createTestPatternCamera(t.app, other.token, 'Foreign');
    await withPg(t.databaseUrl, async (pg) => {
      const add = (camera: string, at: string, labels: string[], kind = 'ai.detection') =>
        pg.query(
          `insert into events (workspace_id, camera_id, kind, severity, start_at, detail)
           select workspace_id, id, $2, 'alert', $3, $4 from cameras where id = $1`,
          [
            camera,
            kind,
            at,
            JSON.stringify({
              labels,
              detections: labels.map((label) => ({ label, score: 0.9, box: [0.1, 0.1, 0.5, 0.9] })),
              provider: 'local',
              motionEventId: null,
            }),
          ],
        );
      await add(cams.a, '2026-03-27T07:30:00Z', ['person']); // Fri 27 08:30 CET
      await add(cams.a, '2026-03-27T23:10:00Z', ['person', 'car', 'person']); // Sat 28 00:10 CET: the 28th locally
      await add(cams.a, '2026-03-29T01:30:00Z', ['dog']); // Sun 29 03:30 CEST
      await add(cams.b, '2026-03-28T17:00:00Z', ['car']); // Sat 28 18:00 CET
      await add(cams.b, '2026-03-26T22:59:59Z', ['person']); // a second before the period
      await add(cams.b, '2026-03-29T22:00:00Z', ['person']); // the period's end, excluded
      await add(cams.a, '2026-03-28T10:00:00Z', ['person'], 'motion'); // not a detection
      await add(cams.foreign, '2026-03-28T10:00:00Z', ['person']);
    });
  });
  afterAll(() => t?.close());

  it('is refused without the AI-access plan, naming the plan that has it', async () => {
    const res = await get(owner.token, 'analytics', PERIOD);
    expect([res.statusCode, errorOf(res).code]).toEqual([403, 'permission-denied']);
    expect(errorOf(res).message).toMatch(/AI detection is not part of your plan.*the Pro plan/);
    expect((await get(owner.token, 'analytics.csv', PERIOD)).statusCode).toBe(403);
  });

  it('counts detections per label per Paris day, per camera and by weekday × hour, with the quota', async () => {
    await grantPlan(t.databaseUrl, owner.workspace.id, 'pro');
    await withPg(t.databaseUrl, (pg) =>
      pg.query(
        // 42 analyses this period (the calendar month, on a plan without a billing cycle); the AI module counts them.
        `update users set usage = usage || '{"aiAnalysisUsed": 42}'::jsonb,
           ai_usage_period = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
         where id = (select owner_id from workspaces where id = $1)`,
        [owner.workspace.id],
      ),
    );
    const f = await read(PERIOD);
    expect(f).toMatchObject({
      from: '2026-03-26T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
      timeZone: 'Europe/Paris',
      total: 4,
      quota: { used: 42, quota: 5000 },
    });
    expect(f.labels).toEqual([
      { label: 'car', count: 2 },
      { label: 'person', count: 2 },
      { label: 'dog', count: 1 },
    ]);
    expect(f.days).toEqual([
      { day: '2026-03-27', total: 1, counts: { person: 1 } },
      { day: '2026-03-28', total: 2, counts: { person: 1, car: 2 } },
      { day: '2026-03-29', total: 1, counts: { dog: 1 } },
    ]);
    expect(f.cameras).toEqual([
      { cameraId: cams.a, name: 'Alpha', count: 3 },
      { cameraId: cams.b, name: FORMULA, count: 1 },
      { cameraId: cams.c, name: 'Charlie', count: 0 },
    ]);
    expect(f.heatmap).toHaveLength(168);
    expect(
      Object.fromEntries(f.heatmap.filter((c) => c.count).map((c) => [`${c.weekday}@${c.hour}`, c.count])),
    ).toEqual({ '5@8': 1, '6@0': 1, '6@18': 1, '7@3': 1 });
    // One camera narrows every figure; instants work as bounds too.
    const one = await read({ ...PERIOD, cameraId: cams.b });
    expect([one.total, one.cameras.map((c) => c.cameraId), one.labels]).toEqual([
      1,
      [cams.b],
      [{ label: 'car', count: 1 }],
    ]);
    const instants = await read({ from: '2026-03-27T23:00:00Z', to: '2026-03-28T00:00:00Z' });
    expect([instants.total, instants.days.map((d) => d.day)]).toEqual([1, ['2026-03-28']]);
  });

  it('keeps a limited member to their cameras; a manager reads, an operator is refused', async () => {
    const member = await signUp(t.app, { displayName: 'Limited manager' });
    await joinWorkspace(t.databaseUrl, member.user.uid, owner.workspace.id, 'manager', [cams.b]);
    const f = await read(PERIOD, member.token);
    expect([f.total, f.cameras.map((c) => c.cameraId)]).toEqual([1, [cams.b]]);
    for (const id of [cams.a, cams.foreign]) {
      const res = await get(member.token, 'analytics', { ...PERIOD, cameraId: id });
      expect([res.statusCode, errorOf(res).code]).toEqual([404, 'not-found']);
    }
    const operator = await signUp(t.app, { displayName: 'Operator' });
    await joinWorkspace(t.databaseUrl, operator.user.uid, owner.workspace.id, 'operator');
    expect((await get(operator.token, 'analytics', PERIOD)).statusCode).toBe(403);
  });

  it('downloads each figure as CSV with formulas neutralised', async () => {
    const labels = await get(owner.token, 'analytics.csv', PERIOD);
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.headers['content-type']).toMatch(/^text\/csv/);
    expect(labels.headers['content-disposition']).toBe(
      'attachment; filename="vigil-ai-labels-2026-03-27-2026-03-30.csv"',
    );
    expect(labels.body).toBe(
      'day (Europe/Paris),detections,car,person,dog\r\n2026-03-27,1,0,1,0\r\n2026-03-28,2,2,1,0\r\n2026-03-29,1,0,0,1\r\n',
    );
    const perCamera = await get(owner.token, 'analytics.csv', { ...PERIOD, figure: 'cameras' });
    expect(perCamera.body).toContain(`${cams.b},"'=HYPERLINK(""http://x"",""B"")",1\r\n`);
    const heat = await get(owner.token, 'analytics.csv', { ...PERIOD, figure: 'heatmap' });
    expect(heat.body.split('\r\n')).toHaveLength(170);
    expect(heat.body).toContain('Saturday,18,1\r\n');
  });

  it('refuses bad input', async () => {
    const bad: Record<string, string>[] = [
      { from: '2026-03-30', to: '2026-03-27' },
      { from: '2025-01-01', to: '2026-03-01' },
      { from: 'yesterday', to: '2026-03-01' },
      { ...PERIOD, cameraId: 'nope' },
      { ...PERIOD, label: 'person' },
    ];
    for (const params of bad) {
      const res = await get(owner.token, 'analytics', params);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(params)).toEqual([400, 'invalid-argument']);
    }
    const csv = await get(owner.token, 'analytics.csv', { ...PERIOD, figure: 'everything' });
    expect(csv.statusCode).toBe(400);
  });
});
