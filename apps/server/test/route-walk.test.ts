import type { AccessRole } from '@vigil/shared';
import { accessRole } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/access.ts';
import { type TestApp, bearer, callFn, createTestApp, signUp } from './harness.ts';
import { joinWorkspace } from './helpers.ts';
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
import { AI_ANALYTICS_FIXTURES } from './route-walk-ai-analytics.ts';
import { AI_FIXTURES, seedAiObjects } from './route-walk-ai.ts';
import { PTZ_FIXTURES } from './route-walk-ptz.ts';
import {
  CAMERA_DELETE_FIXTURE,
  CORE_FIXTURES,
  type CoreObjects,
  OWNER_ONLY,
  seedCoreObjects,
} from './route-walk-core.ts';

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
  extends CoreObjects,
    NotificationObjects,
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
  /** The notification fixtures need only the own camera: this is the full set. */
  cameras: CoreObjects['cameras'];
}

/** How to call each route that needs more than its bare URL. Keyed by "METHOD url". */
const FIXTURES: Record<string, (w: World) => { url: string; foreignUrl?: string }> = {
  ...CORE_FIXTURES,
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
  ...AI_ANALYTICS_FIXTURES,
  ...AI_FIXTURES,
  ...PTZ_FIXTURES,
  ...CAMERA_DELETE_FIXTURE,
};

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
    // The other roles are members of the owner's workspace, as an invitation makes them.
    for (const role of ['viewer', 'operator', 'manager'] as const) {
      const acc = await signUp(t.app, { displayName: role });
      await joinWorkspace(t.databaseUrl, acc.user.uid, owner.workspace.id, role);
      tokens[role] = acc.token;
    }
    const other = await signUp(t.app, { displayName: 'Other tenant' });
    const ownMe = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(tokens.user) });
    const core = await seedCoreObjects(
      t,
      { token: tokens.user, workspaceId: ownMe.json().workspace.id },
      { token: other.token, workspaceId: other.workspace.id },
      admin.user.uid,
    );
    const { cameras, events } = core;
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
    await seedAiObjects(t, [owner.workspace.id, admin.workspace.id]);
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
      ...core,
      tokens,
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
  // Every route × every actor: past vitest's 30 s on a loaded machine once the VMS routes came in.
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
