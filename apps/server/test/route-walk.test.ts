import type { AccessRole } from '@vigil/shared';
import { accessRole } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/access.ts';
import { type TestApp, bearer, callFn, createTestApp, signUp, createTestPatternCamera } from './harness.ts';
import { joinWorkspace, withPg } from './helpers.ts';
import {
  NOTIFICATION_FIXTURES,
  type NotificationObjects,
  seedNotificationObjects,
} from './route-walk-notifications.ts';
import { BILLING_FIXTURES, type BillingObjects, seedBillingObjects } from './route-walk-billing.ts';
import { TEAM_FIXTURES, type TeamObjects, seedTeamObjects } from './route-walk-team.ts';
import {
  API_KEY_FIXTURES,
  type ApiKeyObjects,
  KEY_ACTORS,
  type KeyActor,
  isKeyActor,
  keyRoleOf,
  seedApiKeyObjects,
} from './route-walk-apikeys.ts';
import { TASK_FIXTURES, type TaskObjects, seedTaskObjects } from './route-walk-tasks.ts';
import { SCOPE_FIXTURES } from './route-walk-scope.ts';
import { SECURITY_FIXTURES, type SecurityObjects, seedSecurityObjects } from './route-walk-security.ts';
import { AUDIT_FIXTURES, type AuditObjects, seedAuditObjects } from './route-walk-audit.ts';
import { IMPORT_FIXTURES, type ImportObjects, seedImportObjects } from './route-walk-import.ts';
import { SITE_FIXTURES, type SiteObjects, seedSiteObjects } from './route-walk-sites.ts';
import { BULK_FIXTURES, type BulkObjects, seedBulkObjects } from './route-walk-bulk.ts';
import { REPORT_FIXTURES, type ReportObjects, seedReportObjects } from './route-walk-reports.ts';
import { ANALYTICS_FIXTURES } from './route-walk-analytics.ts';

/**
 * The authorization walk: every registered API route and every callable, called by every
 * role, by an API key of each key role, and by nobody, must answer as its access rule says;
 * every route with an object id must hide another workspace's object. A route added later
 * without a fixture here fails.
 */
type Person = 'viewer' | 'operator' | 'manager' | 'user' | 'admin';
type Actor = 'anonymous' | Person | KeyActor;
const ACTORS: Actor[] = ['anonymous', 'viewer', 'operator', 'manager', 'user', 'admin', ...KEY_ACTORS];

interface World
  extends NotificationObjects,
    BillingObjects,
    TeamObjects,
    ApiKeyObjects,
    TaskObjects,
    SecurityObjects,
    AuditObjects,
    SiteObjects,
    BulkObjects,
    ReportObjects,
    ImportObjects {
  tokens: Record<Person, string>;
  /** An object of a workspace the `user` actor does not belong to. */
  foreign: { workspaceId: string };
  own: { workspaceId: string };
  /** Cameras: two in the `user` actor's workspace (one for DELETE to spend), one foreign. */
  cameras: { own: string; ownDoomed: string; foreign: string };
  /** Recordings (rows inserted directly: only the recorder makes them), one own, one foreign. */
  recordings: { own: string; foreign: string };
  /** Exports (rows inserted directly): one to read, one for DELETE to spend, one foreign. */
  exports: { own: string; ownDoomed: string; foreign: string };
  /** Events (rows inserted directly: only the recorder makes them), one own, one foreign. */
  events: { own: string; foreign: string };
  /** Schedules: one to read and change, one for DELETE to spend, one foreign. */
  schedules: { own: string; ownDoomed: string; foreign: string };
}

const DAY = { from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z' };

const cameraUrl = (w: World, suffix = '') => ({
  url: `/api/v1/cameras/${w.cameras.own}${suffix}`,
  foreignUrl: `/api/v1/cameras/${w.cameras.foreign}${suffix}`,
});

/** How to call each route that needs more than its bare URL. Keyed by "METHOD url". */
const FIXTURES: Record<string, (w: World) => { url: string; foreignUrl?: string }> = {
  'GET /api/v1/workspaces/:id': (w) => ({
    url: `/api/v1/workspaces/${w.own.workspaceId}`,
    foreignUrl: `/api/v1/workspaces/${w.foreign.workspaceId}`,
  }),
  // An allowed caller would hold the stream open; an unknown topic answers at once after the access check.
  'GET /api/v1/realtime': () => ({ url: '/api/v1/realtime?topics=no-such-topic' }),
  'POST /api/fn/:name': () => ({ url: '/api/fn/no-such-function' }),
  'GET /api/v1/cameras/:id': (w) => cameraUrl(w),
  'PATCH /api/v1/cameras/:id': (w) => cameraUrl(w),
  // A test-pattern camera: probing it answers at once, with no ffprobe.
  'POST /api/v1/cameras/:id/probe': (w) => cameraUrl(w, '/probe'),
  'GET /api/v1/recordings': (w) => ({
    url: `/api/v1/recordings?${new URLSearchParams({ cameraId: w.cameras.own, ...DAY })}`,
    foreignUrl: `/api/v1/recordings?${new URLSearchParams({ cameraId: w.cameras.foreign, ...DAY })}`,
  }),
  // An empty patch is a valid no-op, so the own call succeeds and the foreign one must hide.
  'PATCH /api/v1/recordings/:id': (w) => ({
    url: `/api/v1/recordings/${w.recordings.own}`,
    foreignUrl: `/api/v1/recordings/${w.recordings.foreign}`,
  }),
  'GET /api/v1/cameras/:id/timeline': (w) => cameraUrl(w, '/timeline?day=2026-03-10&tz=Europe/Paris'),
  'GET /api/v1/cameras/:id/vod.m3u8': (w) => cameraUrl(w, `/vod.m3u8?${new URLSearchParams(DAY)}`),
  // No footage here, so the own call is a 404 too: the foreign check lives in recordings/playback.test.ts.
  'GET /api/v1/cameras/:id/thumbnail': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/thumbnail?at=${DAY.from}` }),
  'POST /api/v1/cameras/:id/live-ticket': (w) => cameraUrl(w, '/live-ticket'),
  // Nothing streams here, so the own camera would answer 503: another workspace's camera is a 404 after
  // the access check. The picture and the foreign check live in modules/live/live-snapshot.test.ts.
  'GET /api/v1/cameras/:id/snapshot': (w) => ({ url: `/api/v1/cameras/${w.cameras.foreign}/snapshot` }),
  // Plain HTTP (no upgrade) must answer a clean 4xx; the socket's own checks live in modules/live/live.test.ts.
  'GET /api/v1/cameras/:id/live.mp4ws': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/live.mp4ws` }),
  // No camera is running here: the offer is refused after the access check; modules/live/webrtc.test.ts plays it.
  'POST /api/v1/cameras/:id/webrtc': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/webrtc` }),
  'DELETE /api/v1/cameras/:id/webrtc/:sessionId': (w) => ({
    url: `/api/v1/cameras/${w.cameras.own}/webrtc/00000000-0000-4000-8000-000000000000`,
  }),
  // Public by signature (or session): without either it is a 404, as for another workspace's camera.
  'GET /api/v1/cameras/:id/live/:file': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/live/0.m4s` }),
  'POST /api/v1/admin/jobs/failed/:id/retry': () => ({ url: '/api/v1/admin/jobs/failed/1/retry' }),
  'DELETE /api/v1/admin/jobs/failed/:id': () => ({ url: '/api/v1/admin/jobs/failed/1' }),
  'GET /api/internal/v1/cameras/:id/feed': (w) => ({ url: `/api/internal/v1/cameras/${w.cameras.own}/feed` }),
  'GET /api/v1/exports/:id': (w) => ({
    url: `/api/v1/exports/${w.exports.own}`,
    foreignUrl: `/api/v1/exports/${w.exports.foreign}`,
  }),
  'DELETE /api/v1/exports/:id': (w) => ({
    url: `/api/v1/exports/${w.exports.ownDoomed}`,
    foreignUrl: `/api/v1/exports/${w.exports.foreign}`,
  }),
  'GET /api/v1/events': (w) => ({
    url: `/api/v1/events?cameraId=${w.cameras.own}`,
    foreignUrl: `/api/v1/events?cameraId=${w.cameras.foreign}`,
  }),
  'GET /api/v1/events/:id': (w) => ({
    url: `/api/v1/events/${w.events.own}`,
    foreignUrl: `/api/v1/events/${w.events.foreign}`,
  }),
  // An empty patch leaves the note as it is.
  'PATCH /api/v1/events/:id': (w) => ({
    url: `/api/v1/events/${w.events.own}`,
    foreignUrl: `/api/v1/events/${w.events.foreign}`,
  }),
  // The empty body is invalid, so the own call fails validation: events.test.ts checks the foreign camera.
  'POST /api/v1/cameras/:id/arming': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/arming` }),
  'GET /api/v1/schedules/:id': (w) => ({
    url: `/api/v1/schedules/${w.schedules.own}`,
    foreignUrl: `/api/v1/schedules/${w.schedules.foreign}`,
  }),
  'PATCH /api/v1/schedules/:id': (w) => ({
    url: `/api/v1/schedules/${w.schedules.own}`,
    foreignUrl: `/api/v1/schedules/${w.schedules.foreign}`,
  }),
  'DELETE /api/v1/schedules/:id': (w) => ({
    url: `/api/v1/schedules/${w.schedules.ownDoomed}`,
    foreignUrl: `/api/v1/schedules/${w.schedules.foreign}`,
  }),
  ...NOTIFICATION_FIXTURES,
  ...BILLING_FIXTURES,
  ...TEAM_FIXTURES,
  ...API_KEY_FIXTURES,
  ...TASK_FIXTURES,
  ...SCOPE_FIXTURES,
  ...SECURITY_FIXTURES,
  ...AUDIT_FIXTURES,
  ...IMPORT_FIXTURES,
  ...SITE_FIXTURES,
  ...BULK_FIXTURES,
  ...REPORT_FIXTURES,
  ...ANALYTICS_FIXTURES,
  'DELETE /api/v1/cameras/:id': (w) => ({
    url: `/api/v1/cameras/${w.cameras.ownDoomed}`,
    foreignUrl: `/api/v1/cameras/${w.cameras.foreign}`,
  }),
};

/**
 * Routes open to managers whose service then keeps the act to the workspace's owner (issue 11:
 * paying and changing the plan; issue 12: handing over ownership, reading the audit log). The walk's manager is a member,
 * not the owner, so these answer 403 (or 400 when the empty body fails first).
 */
const OWNER_ONLY = new Set([
  'POST /api/v1/billing/cancel',
  'POST /api/v1/billing/resume',
  'POST /api/v1/billing/checkout',
  'POST /api/v1/billing/portal',
  'POST /api/v1/team/ownership',
  // Issue 12: the audit log is the owner's (and the installation admin's) to read.
  'GET /api/v1/audit',
  'POST /api/v1/audit/verify',
  'GET /api/v1/audit/export.csv',
]);

const IGNORED = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

function allowed(access: Access, actor: Actor, role: string | undefined): 'yes' | 'unauthenticated' | 'forbidden' {
  // An API key is refused where a person is needed, whatever its role.
  if (access.personOnly && isKeyActor(actor)) return 'forbidden';
  if (access.kind === 'public') return 'yes';
  if (actor === 'anonymous') return 'unauthenticated';
  if (access.kind === 'signed-in') return 'yes';
  // Only another Vigil process, with the cluster token: no user's session opens these.
  if (access.kind === 'internal') return 'forbidden';
  return access.roles.includes(accessRole(role) as AccessRole) ? 'yes' : 'forbidden';
}

const tokenOf = (w: World, actor: Exclude<Actor, 'anonymous'>) =>
  isKeyActor(actor) ? w.apiKeys.tokens[actor] : w.tokens[actor];

async function asActor(app: FastifyInstance, w: World, actor: Actor, method: string, url: string) {
  const headers = actor === 'anonymous' ? {} : bearer(tokenOf(w, actor));
  const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
  return app.inject({ method: method as 'GET', url, headers, ...(withBody ? { payload: {} } : {}) });
}

describe('authorization walk over every route', () => {
  let t: TestApp;
  let w: World;
  const roleOf: Partial<Record<Actor, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signUp(t.app, { displayName: 'Admin' }); // first account → admin
    const tokens = { admin: admin.token } as World['tokens'];
    const owner = await signUp(t.app, { displayName: 'user' });
    tokens.user = owner.token;
    // The other roles are members of the owner's workspace (issue 12), as an invitation makes them.
    for (const role of ['viewer', 'operator', 'manager'] as const) {
      const acc = await signUp(t.app, { displayName: role });
      await joinWorkspace(t.databaseUrl, acc.user.uid, owner.workspace.id, role);
      tokens[role] = acc.token;
    }
    const other = await signUp(t.app, { displayName: 'Other tenant' });
    const ownMe = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens.user) });
    const cameras = {
      own: await createTestPatternCamera(t.app, tokens.user, 'Own camera'),
      ownDoomed: await createTestPatternCamera(t.app, tokens.user, 'Own camera to delete'),
      foreign: await createTestPatternCamera(t.app, other.token, 'Foreign camera'),
    };
    const recordings = await withPg(t.databaseUrl, async (c) => {
      const add = async (cameraId: string) => {
        const sql = `insert into recordings (camera_id, workspace_id, kind, start_at, end_at)
          select id, workspace_id, 'continuous', $2, $3 from cameras where id = $1 returning id`;
        return (await c.query<{ id: string }>(sql, [cameraId, DAY.from, DAY.to])).rows[0]!.id;
      };
      return { own: await add(cameras.own), foreign: await add(cameras.foreign) };
    });
    const exports = await withPg(t.databaseUrl, async (c) => {
      const add = async (cameraId: string) => {
        const sql = `insert into exports (camera_id, workspace_id, requested_by, from_at, to_at)
          select id, workspace_id, $4, $2, $3 from cameras where id = $1 returning id`;
        return (await c.query<{ id: string }>(sql, [cameraId, DAY.from, DAY.to, admin.user.uid])).rows[0]!.id;
      };
      return { own: await add(cameras.own), ownDoomed: await add(cameras.own), foreign: await add(cameras.foreign) };
    });
    const events = await withPg(t.databaseUrl, async (c) => {
      const add = async (cameraId: string) => {
        const sql = `insert into events (camera_id, workspace_id, kind, severity, start_at)
          select id, workspace_id, 'motion', 'alert', $2 from cameras where id = $1 returning id`;
        return (await c.query<{ id: string }>(sql, [cameraId, DAY.from])).rows[0]!.id;
      };
      return { own: await add(cameras.own), foreign: await add(cameras.foreign) };
    });
    const schedule = async (token: string, name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/schedules',
        headers: bearer(token),
        payload: { name, ranges: [{ day: 1, start: '08:00', end: '18:00' }] },
      });
      return res.json().id as string;
    };
    const schedules = {
      own: await schedule(tokens.user, 'Office hours'),
      ownDoomed: await schedule(tokens.user, 'To delete'),
      foreign: await schedule(other.token, 'Foreign'),
    };
    const notifications = await seedNotificationObjects(t, tokens.user, other, events);
    const billing = await seedBillingObjects(t, { token: tokens.user, uid: ownMe.json().user.uid }, other.token);
    const team = await seedTeamObjects(t, owner, other);
    const apiKeys = await seedApiKeyObjects(t, tokens.user, other.token);
    const tasks = await seedTaskObjects(t, tokens.user, other.token);
    const security = await seedSecurityObjects(t, tokens.user, other.token);
    const audit = await seedAuditObjects(t, cameras, admin.user.uid);
    const sites = await seedSiteObjects(
      t,
      { token: tokens.user, workspaceId: owner.workspace.id },
      { token: other.token, workspaceId: other.workspace.id },
    );
    const bulk = await seedBulkObjects(
      t,
      { token: tokens.user, workspaceId: owner.workspace.id, camera: cameras.own },
      { token: other.token, workspaceId: other.workspace.id, camera: cameras.foreign },
    );
    const reports = await seedReportObjects(t, cameras, {
      own: ownMe.json().workspace.id,
      foreign: other.workspace.id,
    });
    const cameraImport = await seedImportObjects(
      t,
      { token: tokens.user, workspaceId: owner.workspace.id },
      { token: other.token, workspaceId: other.workspace.id },
    );
    w = {
      ...notifications,
      ...billing,
      ...team,
      ...apiKeys,
      ...tasks,
      ...security,
      ...audit,
      ...cameraImport,
      ...sites,
      ...bulk,
      ...reports,
      tokens,
      events,
      schedules,
      foreign: { workspaceId: other.workspace.id },
      own: { workspaceId: ownMe.json().workspace.id },
      cameras,
      recordings,
      exports,
    };
    for (const a of ACTORS) roleOf[a] = a === 'anonymous' ? undefined : isKeyActor(a) ? keyRoleOf(a) : a;
  });
  afterAll(() => t.close());

  it('every API route declares an access rule', () => {
    const routes = t.app.registeredRoutes.filter((r) => !IGNORED(r.url));
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('routes with an object id hide another workspace’s object', async () => {
    const scoped = Object.entries(FIXTURES)
      .map(([key, f]) => ({ key, ...f(w) }))
      .filter((f) => f.foreignUrl);
    expect(scoped.length).toBeGreaterThan(0);
    for (const f of scoped) {
      const method = f.key.split(' ')[0]!;
      const own = await asActor(t.app, w, 'user', method, f.url);
      expect(own.statusCode, `${f.key} own`).toBeLessThan(300);
      const foreign = await asActor(t.app, w, 'user', method, f.foreignUrl!);
      expect(foreign.statusCode, `${f.key} foreign`).toBe(404);
      expect(foreign.json().error.code).toBe('not-found');
      // The `user` actor's keys: another workspace's object is as hidden to them (or refused before any lookup).
      const access = t.app.registeredRoutes.find((r) => `${r.method} ${r.url}` === f.key)!.access!;
      for (const actor of KEY_ACTORS) {
        const res = await asActor(t.app, w, actor, method, f.foreignUrl!);
        const got = `${f.key} foreign as ${actor} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (allowed(access, actor, roleOf[actor]) === 'forbidden') expect(res.statusCode, got).toBe(403);
        else expect([res.statusCode, res.json().error.code], got).toEqual([404, 'not-found']);
      }
    }
  });

  it('every callable answers each role as its rule says', async () => {
    expect(t.app.callables.length).toBeGreaterThan(0);
    for (const c of t.app.callables) {
      for (const actor of ACTORS) {
        const res =
          actor === 'anonymous'
            ? await t.app.inject({ method: 'POST', url: `/api/fn/${c.name}`, payload: { data: {} } })
            : await callFn(t.app, tokenOf(w, actor), c.name, {});
        const want = allowed(c.access, actor, roleOf[actor]);
        const got = `${c.name} as ${actor} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (want === 'unauthenticated') expect(res.json().error.status, got).toBe('UNAUTHENTICATED');
        else if (want === 'forbidden') expect(res.json().error.status, got).toBe('PERMISSION_DENIED');
        // Allowed callers reach input validation (the empty data is invalid): proof the role check passed.
        else expect(res.json().error.status, got).toBe('INVALID_ARGUMENT');
      }
    }
  });
  // Every route × every actor: past vitest's 30 s on a loaded machine once issue 13 added its routes.
  it('every route answers each role as its rule says', async () => {
    // Sign-out ends the actors' sessions, so it is walked last (this test runs last too).
    const routes = t.app.registeredRoutes
      .filter((r) => !IGNORED(r.url) && r.method !== 'HEAD')
      .sort((a, b) => Number(a.url.endsWith('/sign-out')) - Number(b.url.endsWith('/sign-out')));
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const fixture = FIXTURES[key]?.(w);
      if (r.url.includes(':')) expect(fixture, `${key} has path parameters: add a fixture`).toBeDefined();
      const url = fixture?.url ?? r.url;
      for (const actor of ACTORS) {
        const res = await asActor(t.app, w, actor, r.method, url);
        const want = allowed(r.access!, actor, roleOf[actor]);
        const got = `${key} as ${actor} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (want === 'unauthenticated') {
          expect(res.statusCode, got).toBe(401);
          const error = res.json().error;
          // Callable routes speak the callable protocol: the code travels in details.
          expect(error.code ?? error.details?.code, got).toBe('auth/unauthenticated');
        } else if (want === 'forbidden') {
          expect(res.statusCode, got).toBe(403);
        } else if (OWNER_ONLY.has(key) && (actor === 'manager' || actor === 'operator' || actor === 'viewer')) {
          // The route lets managers in; the service keeps the act to the workspace's owner.
          expect([403, 400], got).toContain(res.statusCode);
        } else if (OWNER_ONLY.has(key) && isKeyActor(actor)) {
          // The keys are the owner's: billing follows the creator, the audit log wants the owner in
          // person (a key's role is manager at most). Either way a clean answer, never a sign-in wall.
          expect(res.statusCode, got).not.toBe(401);
          expect(res.statusCode, got).toBeLessThan(500);
        } else {
          expect([401, 403], got).not.toContain(res.statusCode);
          expect(res.statusCode, got).toBeLessThan(500);
        }
      }
    }
  }, 120_000);
});
