import type { AuthResult } from '@vigil/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { LiveFeed } from '../src/video/live-feed.ts';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * The per-member camera access tests' world: an owner with cameras A and B, a manager
 * of that workspace limited to camera A (`limited`), an unlimited viewer member (`viewer`) and
 * another tenant. Members are made the way the team API will make them: a `memberships` row,
 * and their sessions pointed at the workspace.
 */
export interface ScopeWorld {
  t: TestApp;
  owner: AuthResult;
  limited: AuthResult;
  viewer: AuthResult;
  other: AuthResult;
  workspaceId: string;
  camA: string;
  camB: string;
  foreignCam: string;
  get(token: string, url: string): Promise<LightMyRequestResponse>;
  send(
    token: string,
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
  /** Makes `person` a member of the owner's workspace with this role and cameras (null = all), sessions moved there. */
  join(person: AuthResult, role: string, cameraIds: string[] | null): Promise<void>;
  setCameras(person: AuthResult, cameraIds: string[] | null): Promise<void>;
  sql<T extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** An event on a camera (null: the workspace's own, like storage.pruned), inserted as the recorder would. */
  event(cameraId: string | null, o?: { kind?: string; severity?: string }): Promise<string>;
}

export function useScopeWorld(opts: { liveFeeds?: Map<string, LiveFeed> } = {}): ScopeWorld {
  const w = {} as ScopeWorld;
  w.get = (token, url) => w.t.app.inject({ method: 'GET', url, headers: bearer(token) });
  w.send = (token, method, url, payload) =>
    w.t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  w.sql = async <T extends object>(text: string, values: unknown[] = []) =>
    withPg(w.t.databaseUrl, async (c) => (await c.query(text, values)).rows as T[]);
  w.join = async (person, role, cameraIds) => {
    await w.sql(
      `insert into memberships (workspace_id, user_id, role, camera_ids, invited_by) values ($1, $2, $3, $4, $5)
       on conflict (workspace_id, user_id) do update set role = excluded.role, camera_ids = excluded.camera_ids`,
      [w.workspaceId, person.user.uid, role, cameraIds, w.owner.user.uid],
    );
    await w.sql('update sessions set workspace_id = $1 where user_id = $2', [w.workspaceId, person.user.uid]);
  };
  // Through the team API, as an owner changes it: a write of this process, which its session cache
  // forgets at once. (Written with a client of its own it was another process's write, forgotten on
  // the NOTIFY a few milliseconds later, and a request sent at once could race it.)
  w.setCameras = async (person, cameraIds) => {
    const res = await w.send(w.owner.token, 'PATCH', `/api/v1/team/members/${person.user.uid}`, { cameraIds });
    if (res.statusCode !== 200) throw new Error(`setting the cameras of a member: ${res.statusCode} ${res.body}`);
  };
  w.event = async (cameraId, o = {}) => {
    const [row] = await w.sql<{ id: string }>(
      `insert into events (camera_id, workspace_id, kind, severity, start_at, armed)
       values ($1, $2, $3, $4, now(), true) returning id`,
      [cameraId, w.workspaceId, o.kind ?? (cameraId ? 'motion' : 'storage.pruned'), o.severity ?? 'alert'],
    );
    return row!.id;
  };

  beforeAll(async () => {
    w.t = await createTestApp({}, opts.liveFeeds ? { video: { liveFeeds: opts.liveFeeds } } : {});
    await signUp(w.t.app, { displayName: 'Admin' }); // the first account is the installation's admin
    w.owner = await signUp(w.t.app, { displayName: 'Owner' });
    w.limited = await signUp(w.t.app, { displayName: 'Limited manager' });
    w.viewer = await signUp(w.t.app, { displayName: 'Viewer' });
    w.other = await signUp(w.t.app, { displayName: 'Other tenant' });
    w.workspaceId = w.owner.workspace.id;
    w.camA = await createTestPatternCamera(w.t.app, w.owner.token, 'A', 'off');
    w.camB = await createTestPatternCamera(w.t.app, w.owner.token, 'B', 'off');
    w.foreignCam = await createTestPatternCamera(w.t.app, w.other.token, 'Foreign', 'off');
    await w.join(w.limited, 'manager', [w.camA]);
    await w.join(w.viewer, 'viewer', null);
  });
  afterAll(() => w.t.close());
  return w;
}
