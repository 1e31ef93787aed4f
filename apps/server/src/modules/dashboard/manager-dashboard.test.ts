import type { AuthResult, ManagerDashboard } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, joinWorkspace, withPg } from '../../../test/helpers.ts';

/**
 * GET /api/v1/dashboard/manager and the getting-started checklist: each step ticked by doing it
 * (a camera, a live view, a rule, a teammate), put away per person; figures within the reader's
 * camera scope.
 */
describe('the manager’s dashboard', () => {
  let t: TestApp;
  let owner: AuthResult;
  let manager: AuthResult;
  let limited: AuthResult;
  let viewer: AuthResult;
  let ws: string;
  const url = '/api/v1/dashboard/manager';
  const read = async (token = owner.token) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ManagerDashboard;
  };
  const sql = (text: string, values: unknown[] = []) => withPg(t.databaseUrl, (c) => c.query(text, values));
  const addCamera = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: { name, source: { type: 'test-pattern' }, recordingMode: 'off' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app); // the installation's administrator
    owner = await signUp(t.app, { displayName: 'Olive Owner' });
    ws = owner.user.workspaceId;
    manager = await signUp(t.app, { displayName: 'Max Manager' });
    limited = await signUp(t.app, { displayName: 'Lee Limited' });
    viewer = await signUp(t.app, { displayName: 'Vic Viewer' });
  });
  afterAll(() => t.close());

  it('a new workspace: nothing ticked, the owner alone and on now', async () => {
    const d = await read();
    expect(d.gettingStarted).toEqual({
      done: { camera: false, live: false, alerts: false, team: false },
      dismissed: false,
    });
    expect(d.team).toEqual({
      members: 1,
      onNow: [{ uid: owner.user.uid, displayName: 'Olive Owner', role: 'owner' }],
      pendingInvitations: 0,
    });
    expect(d.tasks).toEqual({ open: 0, overdue: 0 });
    expect(d.alertsBySite).toEqual([]);
    expect(d.week).toHaveLength(7);
    expect(d.week.every((x) => x.count === 0)).toBe(true);
  });

  it('each step is ticked by doing it: a camera, a live view, a rule, a teammate', async () => {
    const cam = await addCamera('Front door');
    expect((await read()).gettingStarted.done).toEqual({ camera: true, live: false, alerts: false, team: false });
    const ticket = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${cam}/live-ticket`,
      headers: bearer(owner.token),
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect((await read()).gettingStarted.done.live).toBe(true);
    // The rule every workspace starts with is nobody's choice; making one is.
    const rule = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notification-rules',
      headers: bearer(owner.token),
      payload: { name: 'Night alerts', channels: ['email'], recipientRoles: ['manager'] },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect((await read()).gettingStarted.done.alerts).toBe(true);
    await joinWorkspace(t.databaseUrl, manager.user.uid, ws, 'manager');
    const d = await read();
    expect(d.gettingStarted.done).toEqual({ camera: true, live: true, alerts: true, team: true });
    expect(d.team.members).toBe(2);
  });

  it('tasks open and overdue; unacknowledged alerts of the week by site; the week’s events, all within the reader’s cameras', async () => {
    const [{ id: site }] = (
      await sql(`insert into sites (workspace_id, name) values ($1, 'Warehouse') returning id`, [ws])
    ).rows;
    const onSite = await addCamera('Loading bay');
    const elsewhere = await addCamera('Back yard');
    await sql('update cameras set site_id = $1 where id = $2', [site, onSite]);
    await sql(
      `insert into events (workspace_id, camera_id, kind, severity, start_at, acknowledged_at) values
        ($1, $2, 'motion', 'alert', now() - interval '1 hour', null),
        ($1, $2, 'motion', 'alert', now() - interval '2 hours', null),
        ($1, $2, 'motion', 'alert', now() - interval '3 hours', now()),
        ($1, $3, 'motion', 'alert', now() - interval '1 hour', null),
        ($1, $3, 'motion', 'alert', now() - interval '10 days', null),
        ($1, $3, 'motion', 'info', now() - interval '1 hour', null)`,
      [ws, onSite, elsewhere],
    );
    await sql(
      `insert into tasks (workspace_id, title, status, due_at) values
        ($1, 'Late', 'open', now() - interval '1 day'), ($1, 'Soon', 'in_progress', now() + interval '1 day'),
        ($1, 'Undated', 'open', null), ($1, 'Finished', 'done', now() - interval '2 days')`,
      [ws],
    );
    const d = await read(manager.token);
    expect(d.tasks).toEqual({ open: 3, overdue: 1 });
    expect(d.alertsBySite).toEqual([
      { siteId: site, name: 'Warehouse', count: 2 },
      { siteId: null, name: null, count: 1 },
    ]);
    // Five events in the last 7 days (the one of 10 days ago is not), on the workspace's calendar.
    expect(d.week.reduce((s, x) => s + x.count, 0)).toBe(5);
    // A manager limited to the yard camera sees its alert only, and its events only.
    await joinWorkspace(t.databaseUrl, limited.user.uid, ws, 'manager', [elsewhere]);
    const mine = await read(limited.token);
    expect(mine.alertsBySite).toEqual([{ siteId: null, name: null, count: 1 }]);
    expect(mine.week.reduce((s, x) => s + x.count, 0)).toBe(2);
  });

  it('put away for the person who dismissed it, not for the others; viewers are refused the dashboard', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/getting-started/dismiss',
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read()).gettingStarted.dismissed).toBe(true);
    expect((await read(manager.token)).gettingStarted.dismissed).toBe(false);
    await joinWorkspace(t.databaseUrl, viewer.user.uid, ws, 'viewer');
    const denied = await t.app.inject({ method: 'GET', url, headers: bearer(viewer.token) });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('permission-denied');
  });
});
