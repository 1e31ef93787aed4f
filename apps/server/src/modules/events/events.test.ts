import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { errorOf, setRoleInDb, withPg } from '../../../test/helpers.ts';

/**
 * The events API against the real database: keyset paging under concurrent inserts,
 * acknowledging by filter, notes, the alert center, arming, and the clear errors of bad input.
 */
describe('events, alerts, schedules and arming', () => {
  let t: TestApp;
  let owner: { token: string; uid: string };
  let viewer: { token: string };
  let other: { token: string };
  let camA: string;
  let camB: string;
  let foreignCam: string;

  /** Inserts events straight into the table (only the recorder makes them), n of a kind, 1 s apart. */
  async function insertEvents(
    cameraId: string,
    n: number,
    o: { kind?: string; severity?: string; start?: number; step?: number } = {},
  ): Promise<string[]> {
    return withPg(t.databaseUrl, async (c) => {
      const r = await c.query<{ id: string }>(
        `insert into events (camera_id, workspace_id, kind, severity, start_at)
         select c.id, c.workspace_id, $2, $3, to_timestamp($4::double precision / 1000 + g * $5::double precision / 1000)
         from cameras c, generate_series(0, $6 - 1) g where c.id = $1 returning id`,
        [cameraId, o.kind ?? 'motion', o.severity ?? 'alert', o.start ?? Date.UTC(2026, 2, 10), o.step ?? 1000, n],
      );
      return r.rows.map((x) => x.id);
    });
  }

  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (token: string, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // the first account is the admin
    const o = await signUp(t.app);
    owner = { token: o.token, uid: o.user.uid };
    const v = await signUp(t.app);
    await setRoleInDb(t.databaseUrl, v.user.uid, 'viewer');
    viewer = { token: v.token };
    other = { token: (await signUp(t.app)).token };
    camA = await createTestPatternCamera(t.app, owner.token, 'A');
    camB = await createTestPatternCamera(t.app, owner.token, 'B');
    foreignCam = await createTestPatternCamera(t.app, other.token, 'Foreign');
  });
  afterAll(() => t.close());

  it('pages newest first by startAfter, every event exactly once while others are inserted', async () => {
    const before = await insertEvents(camA, 300, {
      kind: 'camera.online',
      severity: 'info',
      start: Date.UTC(2025, 0, 1),
    });
    const seen: string[] = [];
    let starts: number[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const q = new URLSearchParams({ cameraId: camA, kind: 'camera.online', limit: '40' });
      if (cursor) q.set('startAfter', cursor);
      const res = await get(owner.token, `/api/v1/events?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.items.map((e: { id: string }) => e.id));
      starts = [...starts, ...body.items.map((e: { startAt: string }) => Date.parse(e.startAt))];
      cursor = body.nextCursor;
      // Inserts while paging: newer ones (never on a later page) and same-time ties.
      if (page++ < 4) {
        await insertEvents(camA, 5, { kind: 'camera.online', severity: 'info', start: Date.UTC(2026, 0, 1) });
        await insertEvents(camA, 1, { kind: 'camera.online', severity: 'info', start: Date.UTC(2025, 0, 1) + 299_000 });
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeLessThanOrEqual(starts[i - 1]!);
  });

  it('filters by camera, kind, severity, time range and acknowledged state', async () => {
    const start = Date.UTC(2026, 5, 1);
    await insertEvents(camB, 3, { kind: 'motion', severity: 'alert', start });
    await insertEvents(camB, 2, { kind: 'recording.gap', severity: 'info', start });
    const q = (p: Record<string, string>) =>
      get(owner.token, `/api/v1/events?${new URLSearchParams({ cameraId: camB, ...p })}`).then((r) => r.json().items);
    expect(await q({ kind: 'motion' })).toHaveLength(3);
    expect(await q({ severity: 'info' })).toHaveLength(2);
    expect(
      await q({ from: new Date(start + 1000).toISOString(), to: new Date(start + 2000).toISOString() }),
    ).toHaveLength(2);
    expect(await q({ acknowledged: 'true' })).toHaveLength(0);
    const item = (await q({ kind: 'recording.gap' }))[0];
    expect(item).toMatchObject({
      cameraId: camB,
      kind: 'recording.gap',
      severity: 'info',
      armed: false,
      zones: [],
      note: null,
    });
  });

  it('acknowledging by filter touches exactly the matching events, and only this workspace’s', async () => {
    const start = Date.UTC(2026, 6, 1);
    const match = await insertEvents(camA, 7, { kind: 'motion', start });
    const otherKind = await insertEvents(camA, 3, { kind: 'camera.offline', start });
    const otherCam = await insertEvents(camB, 4, { kind: 'motion', start });
    const outside = await insertEvents(camA, 2, { kind: 'motion', start: start - 86_400_000 });
    const foreign = await insertEvents(foreignCam, 5, { kind: 'motion', start });
    const filter = { cameraId: camA, kind: 'motion', from: new Date(start).toISOString() };
    const res = await send(owner.token, 'POST', '/api/v1/events/acknowledge', { filter });
    expect(res.statusCode, res.body).toBe(200);
    // The earlier test's camera A motion rows (none) and these 7: exactly the matching, unacknowledged ones.
    expect(res.json()).toEqual({ acknowledged: 7 });
    const acked = await withPg(t.databaseUrl, async (c) => {
      const r = await c.query<{ id: string; by: string }>(
        'select id, acknowledged_by as by from events where acknowledged_at is not null',
      );
      return r.rows;
    });
    expect(acked.map((r) => r.id).sort()).toEqual([...match].sort());
    expect(new Set(acked.map((r) => r.by))).toEqual(new Set([owner.uid]));
    for (const id of [...otherKind, ...otherCam, ...outside, ...foreign])
      expect(acked.map((r) => r.id)).not.toContain(id);
    // Again: nothing left to acknowledge. By ids, another workspace's events are not touched.
    expect((await send(owner.token, 'POST', '/api/v1/events/acknowledge', { filter })).json()).toEqual({
      acknowledged: 0,
    });
    expect((await send(owner.token, 'POST', '/api/v1/events/acknowledge', { ids: foreign })).json()).toEqual({
      acknowledged: 0,
    });
    expect(
      (await send(owner.token, 'POST', '/api/v1/events/acknowledge', { ids: otherCam.slice(0, 2) })).json(),
    ).toEqual({
      acknowledged: 2,
    });
    // A viewer may look but not acknowledge.
    expect((await send(viewer.token, 'POST', '/api/v1/events/acknowledge', { ids: otherCam })).statusCode).toBe(403);
  });

  it('a note is set and cleared; another workspace’s event is not found', async () => {
    const [id] = await insertEvents(camA, 1, { start: Date.UTC(2026, 7, 1) });
    const set = await send(owner.token, 'PATCH', `/api/v1/events/${id}`, { note: '  Delivery van  ' });
    expect(set.json().note).toBe('Delivery van');
    expect((await send(owner.token, 'PATCH', `/api/v1/events/${id}`, { note: null })).json().note).toBeNull();
    const [theirs] = await insertEvents(foreignCam, 1);
    expect((await get(owner.token, `/api/v1/events/${theirs}`)).statusCode).toBe(404);
    expect((await send(owner.token, 'PATCH', `/api/v1/events/${theirs}`, { note: 'x' })).statusCode).toBe(404);
  });

  it('the alert center counts unread alerts per person; read one, then all', async () => {
    const fresh = await signUp(t.app);
    const cam = await createTestPatternCamera(t.app, fresh.token, 'Door');
    const ids = await insertEvents(cam, 4, { kind: 'motion', severity: 'alert', start: Date.now() - 10_000 });
    await insertEvents(cam, 2, { kind: 'camera.online', severity: 'info', start: Date.now() - 10_000 });
    const center = async () => (await get(fresh.token, '/api/v1/alerts')).json();
    const c0 = await center();
    expect(c0.unread).toBe(4);
    expect(c0.items).toHaveLength(4);
    expect(c0.items[0]).toMatchObject({ cameraName: 'Door', read: false, severity: 'alert' });
    expect((await send(fresh.token, 'POST', '/api/v1/alerts/read', { ids: [ids[0]] })).statusCode).toBe(204);
    const c1 = await center();
    expect(c1.unread).toBe(3);
    expect(c1.items.find((i: { id: string }) => i.id === ids[0]).read).toBe(true);
    await send(fresh.token, 'POST', '/api/v1/alerts/read', { all: true });
    expect((await center()).unread).toBe(0);
    // Another person's bell is their own.
    expect((await get(owner.token, '/api/v1/alerts')).json().items.map((i: { id: string }) => i.id)).not.toContain(
      ids[1],
    );
  });

  it('a schedule arms a camera in the workspace’s zone; by hand for a while; back to the schedule', async () => {
    const tz = await send(owner.token, 'PUT', '/api/v1/schedules/time-zone', { timeZone: 'Europe/Paris' });
    expect(tz.json()).toEqual({ timeZone: 'Europe/Paris' });
    // Armed every day, all day except 00:00–00:01: armed now (almost surely), until next midnight-ish.
    const ranges = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:01', end: '24:00' }));
    const created = await send(owner.token, 'POST', '/api/v1/schedules', { name: 'Always', ranges });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json();
    expect(schedule).toMatchObject({ name: 'Always', cameraCount: 0, holidays: [] });
    const patched = await send(owner.token, 'PATCH', `/api/v1/cameras/${camA}`, { scheduleId: schedule.id });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json(), patched.body).toMatchObject({ scheduleId: schedule.id, armOverride: null });
    expect(typeof patched.json().armed).toBe('boolean');
    // Disarmed by hand for 30 minutes.
    const disarmed = (
      await send(owner.token, 'POST', `/api/v1/cameras/${camA}/arming`, { armed: false, minutes: 30 })
    ).json();
    expect(disarmed.armed).toBe(false);
    expect(Math.abs(Date.parse(disarmed.armedUntil) - (Date.now() + 30 * 60_000))).toBeLessThan(5000);
    expect(disarmed.armOverride.armed).toBe(false);
    const resumed = (await send(owner.token, 'POST', `/api/v1/cameras/${camA}/arming`, { resume: true })).json();
    expect(resumed.armOverride).toBeNull();
    expect((await get(owner.token, '/api/v1/schedules')).json().items[0]).toMatchObject({
      id: schedule.id,
      cameraCount: 1,
    });
    // A camera with no schedule is always armed.
    expect((await get(owner.token, `/api/v1/cameras/${camB}`)).json()).toMatchObject({ armed: true, armedUntil: null });
    // Deleting the schedule: its camera is always armed again.
    expect((await send(owner.token, 'DELETE', `/api/v1/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await get(owner.token, `/api/v1/cameras/${camA}`)).json()).toMatchObject({ scheduleId: null, armed: true });
    // Viewers read schedules, never change them or arm cameras.
    expect((await get(viewer.token, '/api/v1/schedules')).statusCode).toBe(200);
    expect((await send(viewer.token, 'POST', '/api/v1/schedules', { name: 'x', ranges })).statusCode).toBe(403);
  });

  it('bad input: clear errors in the catalogue’s shape, nothing written', async () => {
    const bad = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, field: string, re: RegExp) => {
      const res = await send(owner.token, method, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBe(400);
      const err = errorOf(res);
      expect(err.code).toBe('invalid-argument');
      const message = Object.entries(err.fields ?? {}).find(([k]) => k.startsWith(field))?.[1] ?? '';
      expect(message, JSON.stringify(err)).toMatch(re);
    };
    const cam = `/api/v1/cameras/${camB}`;
    const square = [
      [0.1, 0.1],
      [0.5, 0.1],
      [0.5, 0.5],
    ];
    await bad(
      'PATCH',
      cam,
      {
        motion: {
          masks: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
      },
      'motion',
      /at least 3 points/,
    );
    await bad(
      'PATCH',
      cam,
      {
        motion: {
          masks: [
            [
              [0, 0],
              [1.2, 0],
              [1, 1],
            ],
          ],
        },
      },
      'motion',
      /inside the picture/,
    );
    await bad(
      'PATCH',
      cam,
      {
        motion: {
          zones: [
            {
              name: 'Door',
              points: [
                [-0.1, 0],
                [1, 0],
                [1, 1],
              ],
            },
          ],
        },
      },
      'motion',
      /inside the picture/,
    );
    await bad(
      'PATCH',
      cam,
      {
        motion: {
          zones: [
            { name: 'Door', points: square },
            { name: 'door', points: square },
          ],
        },
      },
      'motion',
      /names must differ/,
    );
    await bad('PATCH', cam, { motion: { sensitivity: 0 } }, 'motion', />=1/);
    const overlap = {
      name: 'X',
      ranges: [
        { day: 1, start: '08:00', end: '12:00' },
        { day: 1, start: '11:00', end: '13:00' },
      ],
    };
    await bad('POST', '/api/v1/schedules', overlap, 'ranges', /overlaps/);
    await bad(
      'POST',
      '/api/v1/schedules',
      { name: 'X', ranges: [{ day: 1, start: '18:00', end: '08:00' }] },
      'ranges',
      /end after it starts/,
    );
    await bad(
      'POST',
      '/api/v1/schedules',
      { name: 'X', ranges: [{ day: 7, start: '08:00', end: '09:00' }] },
      'ranges',
      /<=6/,
    );
    await bad(
      'POST',
      '/api/v1/schedules',
      { name: 'X', ranges: [{ day: 1, start: '8:00', end: '09:00' }] },
      'ranges',
      /HH:MM/,
    );
    await bad(
      'POST',
      '/api/v1/schedules',
      { name: 'X', ranges: [], holidays: [{ from: '2026-12-26', to: '2026-12-24', armed: false }] },
      'holidays',
      /not be before/,
    );
    await bad(
      'POST',
      '/api/v1/schedules',
      { name: 'X', ranges: [], holidays: [{ from: '2026-02-30', to: '2026-03-01', armed: false }] },
      'holidays',
      /not a date/,
    );
    await bad(
      'PUT',
      '/api/v1/schedules/time-zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      /not a known time zone/,
    );
    await bad('POST', `/api/v1/cameras/${camB}/arming`, { armed: true, minutes: 0 }, 'minutes', />=1/);
    // Another workspace's schedule, camera or cursor.
    const theirs = (await send(other.token, 'POST', '/api/v1/schedules', { name: 'Theirs', ranges: [] })).json();
    await bad('PATCH', cam, { scheduleId: theirs.id }, 'scheduleId', /no such schedule/);
    expect((await send(owner.token, 'POST', `/api/v1/cameras/${foreignCam}/arming`, { resume: true })).statusCode).toBe(
      404,
    );
    expect((await send(owner.token, 'PATCH', `/api/v1/schedules/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await get(owner.token, `/api/v1/events?cameraId=${foreignCam}`)).statusCode).toBe(404);
    const cursor = await get(owner.token, '/api/v1/events?startAfter=bm90LWEtY3Vyc29y');
    expect(cursor.statusCode).toBe(400);
    expect(errorOf(cursor).fields).toEqual({ startAfter: 'invalid cursor' });
    // Nothing was written by any of it.
    const row = await withPg(
      t.databaseUrl,
      async (c) => (await c.query('select motion, schedule_id from cameras where id = $1', [camB])).rows[0],
    );
    expect(row).toEqual({ motion: {}, schedule_id: null });
    expect((await get(owner.token, '/api/v1/schedules')).json().items).toEqual([]);
  });
});
