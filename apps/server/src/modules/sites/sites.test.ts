import type { Site, SiteDetails } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestPatternCamera, signUp, apiClient } from '../../../test/harness.ts';
import { countRows, errorOf, grantPlan, joinWorkspace, withPg } from '../../../test/helpers.ts';

/**
 * Sites through the API: the vms plan gate on every route, CRUD with its bad input,
 * cameras moving in and out (the site's defaults applied), per-member site access filtering
 * every list, the figures (status counts, open alerts, storage kept by the recordings trigger,
 * uptime), and the audit trail.
 */
describe('sites', () => {
  let t: TestApp;
  let owner: { token: string; uid: string; ws: string };
  let stranger: { token: string; uid: string; ws: string };
  let operator: { token: string; uid: string };
  let cams: string[];
  let foreignCam: string;
  const { call, ok, person } = apiClient(() => t.app);

  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // the admin
    owner = await person('Olivia Owner');
    stranger = await person('Sam Stranger');
    const op = await person('Oscar Operator');
    operator = { token: op.token, uid: op.uid };
    cams = [];
    for (const n of ['Gate', 'Lobby', 'Dock']) cams.push(await createTestPatternCamera(t.app, owner.token, n, 'off'));
    foreignCam = await createTestPatternCamera(t.app, stranger.token, 'Theirs', 'off');
    await joinWorkspace(t.databaseUrl, operator.uid, owner.ws, 'operator');
  });
  afterAll(() => t?.close());

  it('every VMS route is refused without the vms plan, naming it; nothing is written', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const before = await countRows(t.databaseUrl, ['sites']);
    for (const [method, url, body] of [
      ['GET', '/api/v1/sites'],
      ['POST', '/api/v1/sites', { name: 'HQ' }],
      ['GET', `/api/v1/sites/${id}`],
      ['PATCH', `/api/v1/sites/${id}`, { name: 'X' }],
      ['DELETE', `/api/v1/sites/${id}`],
      ['POST', `/api/v1/sites/${id}/cameras`, { add: [cams[0]] }],
      ['GET', `/api/v1/sites/${id}/access`],
      ['PUT', `/api/v1/sites/${id}/access`, { userIds: [] }],
      ['PATCH', `/api/v1/cameras/${cams[0]}`, { siteId: id }],
    ] as const) {
      const res = await call(owner.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'failed-precondition' });
      expect(errorOf(res).message).toMatch(/multi-site VMS area is not part of your plan.*VMS plan/);
    }
    expect(await countRows(t.databaseUrl, ['sites'])).toEqual(before);
    await grantPlan(t.databaseUrl, owner.ws, 'vms');
    await grantPlan(t.databaseUrl, stranger.ws, 'vms');
    expect(ok(await call(owner.token, 'GET', '/api/v1/sites'))).toEqual({ items: [], tags: [], mapTileUrl: null });
  });

  it('creates, reads, changes and deletes a site; bad input is refused with the field and nothing written', async () => {
    const site = ok(
      await call(owner.token, 'POST', '/api/v1/sites', {
        name: '  Warehouse North ',
        address: '1 Quay Road',
        latitude: 48.85,
        longitude: 2.35,
        timezone: 'Europe/Paris',
        contacts: [{ name: 'Guard desk', phone: '+33 1 23 45 67 89', email: 'desk@example.com' }],
        notes: '=cmd|calc',
        tags: ['Logistics', 'logistics', 'North'],
      }),
      201,
    ) as Site;
    expect(site).toMatchObject({
      name: 'Warehouse North',
      tags: ['logistics', 'north'],
      notes: '=cmd|calc',
      counts: { cameras: 0, online: 0, offline: 0, openAlerts: 0, storageBytes: 0 },
    });
    const before = await countRows(t.databaseUrl, ['sites']);
    const bad: [object, string][] = [
      [{ name: 'A', latitude: 91, longitude: 0 }, 'latitude'],
      [{ name: 'A', latitude: 10, longitude: -181 }, 'longitude'],
      [{ name: 'A', latitude: 10 }, 'longitude'],
      [{ name: 'A', timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ name: '' }, 'name'],
      [{ name: 'A', contacts: [{ name: 'x', email: 'not-an-email' }] }, 'contacts'],
      [{ name: 'A', tags: ['a,b'] }, 'tags'],
      [{ name: 'warehouse north' }, 'name'],
    ];
    for (const [body, field] of bad) {
      const res = await call(owner.token, 'POST', '/api/v1/sites', body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await countRows(t.databaseUrl, ['sites'])).toEqual(before);

    const changed = ok(
      await call(owner.token, 'PATCH', `/api/v1/sites/${site.id}`, { name: 'Warehouse N', notes: '' }),
    );
    expect(changed).toMatchObject({ name: 'Warehouse N', notes: null, address: '1 Quay Road' });
    expect(
      errorOf(await call(owner.token, 'PATCH', `/api/v1/sites/${site.id}`, { latitude: 1 })).fields,
    ).toHaveProperty('longitude');
    // Another workspace's site does not exist for them; operators read but do not change.
    expect((await call(stranger.token, 'GET', `/api/v1/sites/${site.id}`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'PATCH', `/api/v1/sites/${site.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', `/api/v1/sites/${site.id}`)).statusCode).toBe(404);
    const moveIn = await call(stranger.token, 'POST', `/api/v1/sites/${site.id}/cameras`, { add: [foreignCam] });
    expect(moveIn.statusCode).toBe(404);
    expect((await call(stranger.token, 'PUT', `/api/v1/sites/${site.id}/access`, { userIds: [] })).statusCode).toBe(
      404,
    );
    expect((await call(operator.token, 'GET', `/api/v1/sites/${site.id}`)).statusCode).toBe(200);
    expect((await call(operator.token, 'PATCH', `/api/v1/sites/${site.id}`, { name: 'Op' })).statusCode).toBe(403);

    ok(await call(owner.token, 'POST', `/api/v1/sites/${site.id}/cameras`, { add: [cams[0]] }));
    expect((await call(owner.token, 'DELETE', `/api/v1/sites/${site.id}`)).statusCode).toBe(204);
    // Its camera stays, in no site.
    expect(ok(await call(owner.token, 'GET', `/api/v1/cameras/${cams[0]}`)).siteId).toBeNull();
    const audit = await withPg(t.databaseUrl, (c) =>
      c.query(`select action from audit_log where workspace_id = $1 and action like 'site.%' order by seq`, [owner.ws]),
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'site.created',
      'site.updated',
      'site.cameras-moved',
      'site.deleted',
    ]);
  });

  it('cameras move in and out; the site’s defaults apply to joining cameras; foreign cameras are refused', async () => {
    const schedule = ok(
      await call(owner.token, 'POST', '/api/v1/schedules', {
        name: 'Nights',
        ranges: [{ day: 1, start: '20:00', end: '23:59' }],
      }),
      201,
    ).id as string;
    const a = ok(await call(owner.token, 'POST', '/api/v1/sites', { name: 'Alpha', tags: ['retail'] }), 201) as Site;
    const b = ok(await call(owner.token, 'POST', '/api/v1/sites', { name: 'Beta' }), 201) as Site;
    const withDefaults = ok(
      await call(owner.token, 'PATCH', `/api/v1/sites/${a.id}`, {
        defaultScheduleId: schedule,
        defaultRetentionDays: 9,
      }),
    );
    expect(withDefaults).toMatchObject({ defaultScheduleId: schedule, defaultRetentionDays: 9 });

    const details = ok(
      await call(owner.token, 'POST', `/api/v1/sites/${a.id}/cameras`, { add: [cams[0], cams[1]] }),
    ) as SiteDetails;
    expect(details.cameras.map((c) => c.name)).toEqual(['Gate', 'Lobby']);
    const gate = ok(await call(owner.token, 'GET', `/api/v1/cameras/${cams[0]}`));
    expect(gate).toMatchObject({ siteId: a.id, scheduleId: schedule, retentionDays: 9 });

    // PATCH a camera's site: it leaves Alpha for Beta.
    expect(ok(await call(owner.token, 'PATCH', `/api/v1/cameras/${cams[1]}`, { siteId: b.id })).siteId).toBe(b.id);
    const unknownSite = await call(owner.token, 'PATCH', `/api/v1/cameras/${cams[1]}`, { siteId: stranger.ws });
    expect(errorOf(unknownSite).fields).toEqual({ siteId: 'no such site' });

    // Another workspace's camera: refused, and nothing of the batch moved.
    const res = await call(owner.token, 'POST', `/api/v1/sites/${a.id}/cameras`, { add: [cams[2], foreignCam] });
    expect(errorOf(res)).toMatchObject({ code: 'invalid-argument', fields: { add: `unknown camera ${foreignCam}` } });
    expect(ok(await call(owner.token, 'GET', `/api/v1/cameras/${cams[2]}`)).siteId).toBeNull();
    const theirs = await call(stranger.token, 'GET', `/api/v1/cameras/${foreignCam}`);
    expect(theirs.json().siteId).toBeNull();

    ok(await call(owner.token, 'POST', `/api/v1/sites/${a.id}/cameras`, { remove: [cams[0]] }));
    expect(ok(await call(owner.token, 'GET', `/api/v1/cameras/${cams[0]}`)).siteId).toBeNull();
    ok(await call(owner.token, 'POST', `/api/v1/sites/${a.id}/cameras`, { add: [cams[0]] }));
    const listed = ok(await call(owner.token, 'GET', '/api/v1/sites?tag=retail'));
    expect(listed.items.map((s: Site) => s.name)).toEqual(['Alpha']);
    expect(listed.tags).toEqual(['retail']);
    // The tags are every visible site's, a filter that finds none (or some) notwithstanding.
    const none = ok(await call(owner.token, 'GET', '/api/v1/sites?q=nowhere'));
    expect(none).toMatchObject({ items: [], tags: ['retail'] });
    expect(ok(await call(owner.token, 'GET', '/api/v1/sites?q=beta')).tags).toEqual(['retail']);
  });

  it('a member limited to a site sees only it and its cameras, and follows cameras moving in', async () => {
    const { items } = ok(await call(owner.token, 'GET', '/api/v1/sites'));
    const alpha = items.find((s: Site) => s.name === 'Alpha') as Site;
    const beta = items.find((s: Site) => s.name === 'Beta') as Site;
    // Unlimited: the operator sees every site; granting changes nothing for them.
    expect(ok(await call(operator.token, 'GET', '/api/v1/sites')).items).toHaveLength(2);
    const access = ok(await call(owner.token, 'PUT', `/api/v1/sites/${alpha.id}/access`, { userIds: [operator.uid] }));
    expect(access.members.find((m: { userId: string }) => m.userId === operator.uid)).toMatchObject({
      unlimited: true,
      granted: true,
    });
    // Limited to Beta through the team API, then given Alpha on its Manage page.
    ok(await call(owner.token, 'PATCH', `/api/v1/team/members/${operator.uid}`, { siteIds: [beta.id] }));
    const names = async () =>
      ok(await call(operator.token, 'GET', '/api/v1/cameras'))
        .items.map((c: { name: string }) => c.name)
        .sort();
    expect(await names()).toEqual(['Lobby']);
    expect(ok(await call(operator.token, 'GET', '/api/v1/sites')).items.map((s: Site) => s.name)).toEqual(['Beta']);
    expect((await call(operator.token, 'GET', `/api/v1/sites/${alpha.id}`)).statusCode).toBe(404);
    expect((await call(operator.token, 'GET', `/api/v1/cameras/${cams[0]}`)).statusCode).toBe(404);

    const granted = ok(await call(owner.token, 'PUT', `/api/v1/sites/${alpha.id}/access`, { userIds: [operator.uid] }));
    expect(granted.members.find((m: { userId: string }) => m.userId === operator.uid)).toMatchObject({
      unlimited: false,
      granted: true,
    });
    expect(await names()).toEqual(['Gate', 'Lobby']);
    // Dock moves into Beta: the operator reaches it on the next request.
    ok(await call(owner.token, 'POST', `/api/v1/sites/${beta.id}/cameras`, { add: [cams[2]] }));
    expect(await names()).toEqual(['Dock', 'Gate', 'Lobby']);
    // Alpha taken away again.
    ok(await call(owner.token, 'PUT', `/api/v1/sites/${alpha.id}/access`, { userIds: [] }));
    expect(await names()).toEqual(['Dock', 'Lobby']);
    const stranger404 = await call(owner.token, 'PUT', `/api/v1/sites/${alpha.id}/access`, { userIds: [stranger.uid] });
    expect(errorOf(stranger404).fields).toEqual({ userIds: `unknown member ${stranger.uid}` });
    // A limited member cannot reshape sites.
    expect((await call(operator.token, 'POST', '/api/v1/sites', { name: 'Mine' })).statusCode).toBe(403);
    ok(await call(owner.token, 'PATCH', `/api/v1/team/members/${operator.uid}`, { siteIds: null }));
    expect(await names()).toEqual(['Dock', 'Gate', 'Lobby']);
  });

  it('figures: status counts, open alerts of the week, storage from recordings, uptime since the month began', async () => {
    const site = ok(await call(owner.token, 'POST', '/api/v1/sites', { name: 'Gamma' }), 201) as Site;
    const one = await createTestPatternCamera(t.app, owner.token, 'G1', 'off');
    const two = await createTestPatternCamera(t.app, owner.token, 'G2', 'off');
    ok(await call(owner.token, 'POST', `/api/v1/sites/${site.id}/cameras`, { add: [one, two] }));
    await withPg(t.databaseUrl, async (c) => {
      await c.query(`update cameras set status = 'online' where id = $1`, [one]);
      await c.query(`update cameras set created_at = date_trunc('month', now()) where id = any($1)`, [[one, two]]);
      for (const [cam, bytes] of [
        [one, 1000],
        [one, 500],
        [two, 250],
      ] as const)
        await c.query(
          `insert into recordings (camera_id, workspace_id, kind, start_at, end_at, bytes)
           values ($1, $2, 'continuous', now() - interval '1 hour', now() - interval '50 minutes', $3)`,
          [cam, owner.ws, bytes],
        );
      await c.query(`update recordings set bytes = bytes + 100 where camera_id = $1`, [two]);
      // Two open alerts this week, one acknowledged, one too old to count.
      for (const [ago, acked] of [
        ['1 hour', false],
        ['2 days', false],
        ['1 hour', true],
        ['10 days', false],
      ] as const)
        await c.query(
          `insert into events (workspace_id, camera_id, kind, severity, start_at, acknowledged_at)
           values ($1, $2, 'motion', 'alert', now() - $3::interval, $4)`,
          [owner.ws, one, ago, acked ? new Date() : null],
        );
    });
    const details = ok(await call(owner.token, 'GET', `/api/v1/sites/${site.id}`)) as SiteDetails;
    expect(details.counts).toEqual({
      cameras: 2,
      online: 1,
      offline: 1,
      disabled: 0,
      openAlerts: 2,
      storageBytes: 1850,
    });
    expect(details.health).toMatchObject({ cameras: 2, camerasOnline: 1, openAlerts: 2, storageBytes: 1850 });
    expect(details.health.lastRecordingAt).not.toBeNull();
    expect(details.health.uptimeThisMonth).toBe(1);
    // The dashboard's order: most offline cameras first (Beta: 2), then, at one offline camera, open alerts.
    const order = ok(await call(owner.token, 'GET', '/api/v1/sites')).items.map((s: Site) => s.name);
    expect(order).toEqual(['Beta', 'Gamma', 'Alpha']);

    // An outage of a quarter of camera two's month so far: uptime (1 + 0.75) / 2.
    await withPg(t.databaseUrl, async (c) => {
      const { rows } = await c.query(`select extract(epoch from now() - date_trunc('month', now())) as s`);
      const span = Number(rows[0].s);
      await c.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at)
         values ($1, $2, 'camera.offline', 'alert', date_trunc('month', now()), date_trunc('month', now()) + make_interval(secs => $3))`,
        [owner.ws, two, span / 4],
      );
      // Deleting recordings subtracts them.
      await c.query('delete from recordings where camera_id = $1', [two]);
    });
    // The events of the site's cameras, in one list (the details page's recent events); nothing for a stranger.
    const siteEvents = ok(await call(owner.token, 'GET', `/api/v1/events?siteId=${site.id}&limit=50`)).items;
    expect(siteEvents).toHaveLength(5);
    expect(new Set(siteEvents.map((e: { cameraId: string }) => e.cameraId))).toEqual(new Set([one, two]));
    expect(ok(await call(stranger.token, 'GET', `/api/v1/events?siteId=${site.id}`)).items).toEqual([]);
    const after = ok(await call(owner.token, 'GET', `/api/v1/sites/${site.id}`)) as SiteDetails;
    expect(after.health.uptimeThisMonth).toBeCloseTo(0.875, 2);
    expect(after.counts.storageBytes).toBe(1500);
  });
});
