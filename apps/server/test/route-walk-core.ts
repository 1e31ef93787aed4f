import type { TestApp } from './harness.ts';
import { bearer, createTestPatternCamera } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * The authorization walk's own objects and fixtures for the first modules' routes (cameras,
 * recordings, exports, events, schedules, workspaces), beside the later issues' route-walk-*.ts.
 * Recordings, exports and events are rows inserted directly: only the recorder and the worker make them.
 */
export interface CoreObjects {
  /** An object of a workspace the `user` actor does not belong to. */
  foreign: { workspaceId: string };
  own: { workspaceId: string };
  /** Cameras: two in the `user` actor's workspace (one for DELETE to spend), one foreign. */
  cameras: { own: string; ownDoomed: string; foreign: string };
  /** Recordings, one own, one foreign. */
  recordings: { own: string; foreign: string };
  /** Exports: one to read, one for DELETE to spend, one foreign. */
  exports: { own: string; ownDoomed: string; foreign: string };
  /** Events, one own, one foreign. */
  events: { own: string; foreign: string };
  /** Schedules: one to read and change, one for DELETE to spend, one foreign. */
  schedules: { own: string; ownDoomed: string; foreign: string };
}

const DAY = { from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z' };

export async function seedCoreObjects(
  t: TestApp,
  own: { token: string; workspaceId: string },
  other: { token: string; workspaceId: string },
  requestedBy: string,
): Promise<CoreObjects> {
  const cameras = {
    own: await createTestPatternCamera(t.app, own.token, 'Own camera'),
    ownDoomed: await createTestPatternCamera(t.app, own.token, 'Own camera to delete'),
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
      return (await c.query<{ id: string }>(sql, [cameraId, DAY.from, DAY.to, requestedBy])).rows[0]!.id;
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
    own: await schedule(own.token, 'Office hours'),
    ownDoomed: await schedule(own.token, 'To delete'),
    foreign: await schedule(other.token, 'Foreign'),
  };
  return {
    own: { workspaceId: own.workspaceId },
    foreign: { workspaceId: other.workspaceId },
    cameras,
    recordings,
    exports,
    events,
    schedules,
  };
}

const cameraUrl = (w: CoreObjects, suffix = '') => ({
  url: `/api/v1/cameras/${w.cameras.own}${suffix}`,
  foreignUrl: `/api/v1/cameras/${w.cameras.foreign}${suffix}`,
});

/** How to call each of these routes that needs more than its bare URL. Keyed by "METHOD url". */
export const CORE_FIXTURES: Record<string, (w: CoreObjects) => { url: string; foreignUrl?: string }> = {
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
  // The own camera has no loudspeaker: refused after the access check; modules/live/talkback.test.ts
  // talks through one, and hides another workspace's camera.
  'POST /api/v1/cameras/:id/talkback': (w) => ({ url: `/api/v1/cameras/${w.cameras.own}/talkback` }),
  'DELETE /api/v1/cameras/:id/talkback/:sessionId': (w) => ({
    url: `/api/v1/cameras/${w.cameras.own}/talkback/00000000-0000-4000-8000-000000000000`,
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
};

/** Spent by the walk (it deletes the camera): the walk puts it after every other fixture. */
export const CAMERA_DELETE_FIXTURE: Record<string, (w: CoreObjects) => { url: string; foreignUrl?: string }> = {
  'DELETE /api/v1/cameras/:id': (w) => ({
    url: `/api/v1/cameras/${w.cameras.ownDoomed}`,
    foreignUrl: `/api/v1/cameras/${w.cameras.foreign}`,
  }),
};

/**
 * Routes open to managers whose service then keeps the act to the workspace's owner (paying
 * and changing the plan, handing over ownership, reading the audit log). The walk's manager is a member,
 * not the owner, so these answer 403 (or 400 when the empty body fails first).
 */
export const OWNER_ONLY = new Set([
  'POST /api/v1/billing/cancel',
  'POST /api/v1/billing/resume',
  'POST /api/v1/billing/checkout',
  'POST /api/v1/billing/change',
  'POST /api/v1/billing/change/preview',
  'POST /api/v1/billing/portal',
  'POST /api/v1/team/ownership',
  // The audit log is the owner's (and the installation admin's) to read.
  'GET /api/v1/audit',
  'POST /api/v1/audit/verify',
  'GET /api/v1/audit/export.csv',
]);
