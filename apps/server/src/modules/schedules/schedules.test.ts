import { describe, expect, it } from 'vitest';
import { useEventsWorld } from '../../../test/events-world.ts';
import { errorOf, withPg } from '../../../test/helpers.ts';

/**
 * Schedules and arming through the API, and the clear errors of bad input to the arming routes
 * (motion settings, schedules, time zones, arming, event cursors).
 */
describe('schedules, arming and bad input', () => {
  const w = useEventsWorld();

  it('a schedule arms a camera in the workspace’s zone; by hand for a while; back to the schedule', async () => {
    const tz = await w.send(w.owner.token, 'PUT', '/api/v1/schedules/time-zone', { timeZone: 'Europe/Paris' });
    expect(tz.json()).toEqual({ timeZone: 'Europe/Paris' });
    // Armed every day, all day except 00:00–00:01: armed now (almost surely), until next midnight-ish.
    const ranges = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:01', end: '24:00' }));
    const created = await w.send(w.owner.token, 'POST', '/api/v1/schedules', { name: 'Always', ranges });
    expect(created.statusCode, created.body).toBe(201);
    const schedule = created.json();
    expect(schedule).toMatchObject({ name: 'Always', cameraCount: 0, holidays: [] });
    const patched = await w.send(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camA}`, { scheduleId: schedule.id });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json(), patched.body).toMatchObject({ scheduleId: schedule.id, armOverride: null });
    expect(typeof patched.json().armed).toBe('boolean');
    // Disarmed by hand for 30 minutes.
    const disarmed = (
      await w.send(w.owner.token, 'POST', `/api/v1/cameras/${w.camA}/arming`, { armed: false, minutes: 30 })
    ).json();
    expect(disarmed.armed).toBe(false);
    expect(Math.abs(Date.parse(disarmed.armedUntil) - (Date.now() + 30 * 60_000))).toBeLessThan(5000);
    expect(disarmed.armOverride.armed).toBe(false);
    const resumed = (await w.send(w.owner.token, 'POST', `/api/v1/cameras/${w.camA}/arming`, { resume: true })).json();
    expect(resumed.armOverride).toBeNull();
    expect((await w.get(w.owner.token, '/api/v1/schedules')).json().items[0]).toMatchObject({
      id: schedule.id,
      cameraCount: 1,
    });
    // A camera with no schedule is always armed.
    expect((await w.get(w.owner.token, `/api/v1/cameras/${w.camB}`)).json()).toMatchObject({
      armed: true,
      armedUntil: null,
    });
    // Deleting the schedule: its camera is always armed again.
    expect((await w.send(w.owner.token, 'DELETE', `/api/v1/schedules/${schedule.id}`)).statusCode).toBe(204);
    expect((await w.get(w.owner.token, `/api/v1/cameras/${w.camA}`)).json()).toMatchObject({
      scheduleId: null,
      armed: true,
    });
    // Viewers read schedules, never change them or arm cameras.
    expect((await w.get(w.viewer.token, '/api/v1/schedules')).statusCode).toBe(200);
    expect((await w.send(w.viewer.token, 'POST', '/api/v1/schedules', { name: 'x', ranges })).statusCode).toBe(403);
  });

  it('bad input: clear errors in the catalogue’s shape, nothing written', async () => {
    const bad = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, field: string, re: RegExp) => {
      const res = await w.send(w.owner.token, method, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)} → ${res.body}`).toBe(400);
      const err = errorOf(res);
      expect(err.code).toBe('invalid-argument');
      const message = Object.entries(err.fields ?? {}).find(([k]) => k.startsWith(field))?.[1] ?? '';
      expect(message, JSON.stringify(err)).toMatch(re);
    };
    const cam = `/api/v1/cameras/${w.camB}`;
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
    await bad('POST', `/api/v1/cameras/${w.camB}/arming`, { armed: true, minutes: 0 }, 'minutes', />=1/);
    // Another workspace's schedule, camera or cursor.
    const theirs = (await w.send(w.other.token, 'POST', '/api/v1/schedules', { name: 'Theirs', ranges: [] })).json();
    await bad('PATCH', cam, { scheduleId: theirs.id }, 'scheduleId', /no such schedule/);
    expect(
      (await w.send(w.owner.token, 'POST', `/api/v1/cameras/${w.foreignCam}/arming`, { resume: true })).statusCode,
    ).toBe(404);
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/schedules/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await w.get(w.owner.token, `/api/v1/events?cameraId=${w.foreignCam}`)).statusCode).toBe(404);
    const cursor = await w.get(w.owner.token, '/api/v1/events?startAfter=bm90LWEtY3Vyc29y');
    expect(cursor.statusCode).toBe(400);
    expect(errorOf(cursor).fields).toEqual({ startAfter: 'invalid cursor' });
    // Nothing was written by any of it.
    const row = await withPg(
      w.t.databaseUrl,
      async (c) => (await c.query('select motion, schedule_id from cameras where id = $1', [w.camB])).rows[0],
    );
    // A test pattern starts with motion events off (quiet by default); nothing else was set.
    expect(row).toEqual({ motion: { enabled: false }, schedule_id: null });
    expect((await w.get(w.owner.token, '/api/v1/schedules')).json().items).toEqual([]);
  });
});
