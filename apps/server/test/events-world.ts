import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from './harness.ts';
import { setRoleInDb, withPg } from './helpers.ts';

/**
 * One app for the events, alerts and schedules tests: an owner with cameras A and B, a viewer, and
 * another tenant with a camera of its own; requests as any of them, and events inserted directly
 * (only the recorder makes them).
 */
export interface EventsWorld {
  t: TestApp;
  owner: { token: string; uid: string };
  viewer: { token: string };
  other: { token: string };
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
  /** n events of a kind on a camera, `step` ms apart from `start`. */
  insertEvents(
    cameraId: string,
    n: number,
    o?: { kind?: string; severity?: string; start?: number; step?: number },
  ): Promise<string[]>;
}

export function useEventsWorld(): EventsWorld {
  const w = {} as EventsWorld;
  w.get = (token, url) => w.t.app.inject({ method: 'GET', url, headers: bearer(token) });
  w.send = (token, method, url, payload) =>
    w.t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  w.insertEvents = (cameraId, n, o = {}) =>
    withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query<{ id: string }>(
        `insert into events (camera_id, workspace_id, kind, severity, start_at)
         select c.id, c.workspace_id, $2, $3, to_timestamp($4::double precision / 1000 + g * $5::double precision / 1000)
         from cameras c, generate_series(0, $6 - 1) g where c.id = $1 returning id`,
        [cameraId, o.kind ?? 'motion', o.severity ?? 'alert', o.start ?? Date.UTC(2026, 2, 10), o.step ?? 1000, n],
      );
      return r.rows.map((x) => x.id);
    });
  beforeAll(async () => {
    w.t = await createTestApp();
    await signUp(w.t.app); // the first account is the admin
    const o = await signUp(w.t.app);
    w.owner = { token: o.token, uid: o.user.uid };
    const v = await signUp(w.t.app);
    await setRoleInDb(w.t.databaseUrl, v.user.uid, 'viewer');
    w.viewer = { token: v.token };
    w.other = { token: (await signUp(w.t.app)).token };
    w.camA = await createTestPatternCamera(w.t.app, w.owner.token, 'A');
    w.camB = await createTestPatternCamera(w.t.app, w.owner.token, 'B');
    w.foreignCam = await createTestPatternCamera(w.t.app, w.other.token, 'Foreign');
  });
  afterAll(() => w.t.close());
  return w;
}
