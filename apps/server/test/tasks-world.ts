import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * One app for the tasks tests: an owner (a manager) with cameras A and B, members of the owner's
 * workspace (an operator, a second operator, a viewer, an operator limited to camera A), a
 * stranger with a workspace and camera of their own. Members are made by inserting `memberships`
 * rows and moving their sessions into the workspace (the invitation API is the team tests' part).
 */
export interface Person {
  token: string;
  uid: string;
  email: string;
}

export interface TasksWorld {
  t: TestApp;
  workspaceId: string;
  owner: Person;
  operator: Person;
  operator2: Person;
  viewer: Person;
  limited: Person;
  stranger: Person;
  camA: string;
  camB: string;
  foreignCam: string;
  get(token: string, url: string): Promise<LightMyRequestResponse>;
  send(
    token: string,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

/** Makes `person` a member of `workspaceId` and moves their session there. */
export async function joinWorkspace(
  databaseUrl: string,
  workspaceId: string,
  person: { uid: string },
  role: 'manager' | 'operator' | 'viewer',
  cameraIds: string[] | null = null,
): Promise<void> {
  await withPg(databaseUrl, async (c) => {
    await c.query(
      `insert into memberships (workspace_id, user_id, role, camera_ids) values ($1, $2, $3, $4)
       on conflict (workspace_id, user_id) do update set role = excluded.role, camera_ids = excluded.camera_ids`,
      [workspaceId, person.uid, role, cameraIds],
    );
    await c.query('update sessions set workspace_id = $1 where user_id = $2', [workspaceId, person.uid]);
  });
}

/** How many notify-task jobs a task has queued (one per assignment that tells somebody). */
export function notifyTaskJobs(databaseUrl: string, taskId: string): Promise<number> {
  return withPg(databaseUrl, async (c) => {
    const r = await c.query(
      `select count(*)::int as n from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'notify-task' and j.payload->>'taskId' = $1`,
      [taskId],
    );
    return r.rows[0].n as number;
  });
}

async function account(t: TestApp, name: string): Promise<Person> {
  const a = await signUp(t.app, { displayName: name });
  return { token: a.token, uid: a.user.uid, email: a.user.email };
}

export function useTasksWorld(): TasksWorld {
  const w = {} as TasksWorld;
  w.get = (token, url) => w.t.app.inject({ method: 'GET', url, headers: bearer(token) });
  w.send = (token, method, url, payload) =>
    w.t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  beforeAll(async () => {
    w.t = await createTestApp();
    await signUp(w.t.app); // the first account is the admin
    w.owner = await account(w.t, 'Olivia Owner');
    w.workspaceId = (await w.get(w.owner.token, '/api/v1/me')).json().workspace.id;
    w.operator = await account(w.t, 'Oscar Operator');
    w.operator2 = await account(w.t, 'Opal Operator');
    w.viewer = await account(w.t, 'Vera Viewer');
    w.limited = await account(w.t, 'Lena Limited');
    w.stranger = await account(w.t, 'Sam Stranger');
    w.camA = await createTestPatternCamera(w.t.app, w.owner.token, 'A');
    w.camB = await createTestPatternCamera(w.t.app, w.owner.token, 'B');
    w.foreignCam = await createTestPatternCamera(w.t.app, w.stranger.token, 'Foreign');
    await joinWorkspace(w.t.databaseUrl, w.workspaceId, w.operator, 'operator');
    await joinWorkspace(w.t.databaseUrl, w.workspaceId, w.operator2, 'operator');
    await joinWorkspace(w.t.databaseUrl, w.workspaceId, w.viewer, 'viewer');
    await joinWorkspace(w.t.databaseUrl, w.workspaceId, w.limited, 'operator', [w.camA]);
  });
  afterAll(() => w.t.close());
  return w;
}
