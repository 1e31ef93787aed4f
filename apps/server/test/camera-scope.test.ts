import { describe, expect, it } from 'vitest';
import { errorOf } from './helpers.ts';
import { useScopeWorld } from './scope-world.ts';

/**
 * Per-member camera access, endpoint by endpoint against the real database: a manager
 * limited to camera A never sees, plays, exports, acknowledges or reads anything of camera B,
 * and a camera outside the scope answers exactly as another workspace's (404 not-found). The
 * owner, in the same workspace, sees both. Live, realtime and notifications: camera-scope-live.test.ts.
 */
describe('a member limited to one camera, REST endpoint by endpoint', () => {
  const w = useScopeWorld();
  const DAY = { from: '2026-03-10T00:00:00Z', to: '2026-03-11T00:00:00Z' };
  const notFound = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(404);
    expect((res.json() as { error: { code: string } }).error.code).toBe('not-found');
  };
  const ids = (res: { json(): unknown }) => (res.json() as { items: { id: string }[] }).items.map((i) => i.id);

  it('cameras: the list holds only A; B is not found, to read, change, probe, arm, snooze or delete', async () => {
    expect(ids(await w.get(w.limited.token, '/api/v1/cameras'))).toEqual([w.camA]);
    expect(ids(await w.get(w.owner.token, '/api/v1/cameras')).sort()).toEqual([w.camA, w.camB].sort());
    expect((await w.get(w.limited.token, `/api/v1/cameras/${w.camA}`)).statusCode).toBe(200);
    notFound(await w.get(w.limited.token, `/api/v1/cameras/${w.camB}`));
    notFound(await w.get(w.limited.token, `/api/v1/cameras/${w.foreignCam}`));
    notFound(await w.send(w.limited.token, 'PATCH', `/api/v1/cameras/${w.camB}`, { name: 'Renamed' }));
    notFound(await w.send(w.limited.token, 'POST', `/api/v1/cameras/${w.camB}/probe`));
    notFound(await w.send(w.limited.token, 'POST', `/api/v1/cameras/${w.camB}/arming`, { resume: true }));
    notFound(await w.send(w.limited.token, 'POST', `/api/v1/cameras/${w.camB}/snooze`, { minutes: 5 }));
    notFound(await w.send(w.limited.token, 'DELETE', `/api/v1/cameras/${w.camB}`));
    const [b] = await w.sql<{ name: string }>('select name from cameras where id = $1', [w.camB]);
    expect(b?.name).toBe('B');
    // Their own camera they still manage.
    expect((await w.send(w.limited.token, 'PATCH', `/api/v1/cameras/${w.camA}`, { name: 'A2' })).statusCode).toBe(200);
    // The set of cameras is not theirs to grow.
    const add = await w.send(w.limited.token, 'POST', '/api/v1/cameras', {
      name: 'C',
      source: { type: 'test-pattern' },
      recordingMode: 'off',
    });
    expect(add.statusCode).toBe(403);
    expect(errorOf(add).code).toBe('permission-denied');
  });

  it('recordings: ranges, timeline, playlist and thumbnails of B are not found; protecting B’s is refused', async () => {
    const rec = async (cameraId: string) =>
      (
        await w.sql<{ id: string }>(
          `insert into recordings (camera_id, workspace_id, kind, start_at, end_at)
           values ($1, $2, 'continuous', $3, $4) returning id`,
          [cameraId, w.workspaceId, DAY.from, DAY.to],
        )
      )[0]!.id;
    const recA = await rec(w.camA);
    const recB = await rec(w.camB);
    const range = (cameraId: string) => `/api/v1/recordings?${new URLSearchParams({ cameraId, ...DAY })}`;
    expect(ids(await w.get(w.limited.token, range(w.camA)))).toEqual([recA]);
    notFound(await w.get(w.limited.token, range(w.camB)));
    expect(ids(await w.get(w.owner.token, range(w.camB)))).toEqual([recB]);
    notFound(await w.get(w.limited.token, `/api/v1/cameras/${w.camB}/timeline?day=2026-03-10&tz=UTC`));
    expect((await w.get(w.limited.token, `/api/v1/cameras/${w.camA}/timeline?day=2026-03-10&tz=UTC`)).statusCode).toBe(
      200,
    );
    notFound(await w.get(w.limited.token, `/api/v1/cameras/${w.camB}/vod.m3u8?${new URLSearchParams(DAY)}`));
    notFound(await w.get(w.limited.token, `/api/v1/cameras/${w.camB}/thumbnail?at=${DAY.from}`));
    notFound(await w.send(w.limited.token, 'PATCH', `/api/v1/recordings/${recB}`, { protected: true }));
    notFound(await w.send(w.limited.token, 'PATCH', `/api/v1/recordings/${recB}`, {}));
    expect((await w.send(w.limited.token, 'PATCH', `/api/v1/recordings/${recA}`, { protected: true })).statusCode).toBe(
      200,
    );
    const rows = await w.sql<{ id: string; protected: boolean }>('select id, protected from recordings order by id');
    expect(rows.find((r) => r.id === recB)?.protected).toBe(false);
  });

  it('exports: creating one of B is not found, the list and reads hold only A’s', async () => {
    // One indexed segment each, so a create passes the footage check and is queued.
    for (const cameraId of [w.camA, w.camB])
      await w.sql(
        `insert into segments (camera_id, workspace_id, start_at, end_at, bytes, path, init_bytes)
         values ($1, $2, '2026-03-10T09:00:00Z', '2026-03-10T09:00:10Z', 1000, $3, 100)`,
        [cameraId, w.workspaceId, `seg-${cameraId}.mp4`],
      );
    const clip = { from: '2026-03-10T09:00:01Z', to: '2026-03-10T09:00:05Z' };
    const refused = await w.send(w.limited.token, 'POST', '/api/v1/exports', { cameraId: w.camB, ...clip });
    notFound(refused);
    const mine = await w.send(w.limited.token, 'POST', '/api/v1/exports', { cameraId: w.camA, ...clip });
    expect(mine.statusCode, mine.body).toBe(201);
    const theirs = await w.send(w.owner.token, 'POST', '/api/v1/exports', { cameraId: w.camB, ...clip });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const [countB] = await w.sql<{ n: number }>(
      `select count(*)::int as n from exports where camera_id = $1 and requested_by = $2`,
      [w.camB, w.limited.user.uid],
    );
    expect(countB?.n).toBe(0);
    expect(ids(await w.get(w.limited.token, '/api/v1/exports'))).toEqual([mine.json().id]);
    expect(ids(await w.get(w.owner.token, '/api/v1/exports'))).toHaveLength(2);
    notFound(await w.get(w.limited.token, `/api/v1/exports/${theirs.json().id}`));
    notFound(await w.send(w.limited.token, 'DELETE', `/api/v1/exports/${theirs.json().id}`));
    expect((await w.get(w.limited.token, `/api/v1/exports/${mine.json().id}`)).statusCode).toBe(200);
  });

  it('events: the list, reads, notes and filters hold only A’s (and the workspace’s own)', async () => {
    const a = await w.event(w.camA);
    const b = await w.event(w.camB);
    const pruned = await w.event(null);
    const listed = ids(await w.get(w.limited.token, '/api/v1/events?limit=200'));
    expect(listed).toContain(a);
    expect(listed).toContain(pruned);
    expect(listed).not.toContain(b);
    expect(ids(await w.get(w.owner.token, '/api/v1/events?limit=200'))).toContain(b);
    notFound(await w.get(w.limited.token, `/api/v1/events?cameraId=${w.camB}`));
    expect((await w.get(w.limited.token, `/api/v1/events/${a}`)).statusCode).toBe(200);
    notFound(await w.get(w.limited.token, `/api/v1/events/${b}`));
    notFound(await w.send(w.limited.token, 'PATCH', `/api/v1/events/${b}`, { note: 'seen' }));
    notFound(await w.send(w.limited.token, 'PATCH', `/api/v1/events/${b}`, {}));
    const [row] = await w.sql<{ note: string | null }>('select note from events where id = $1', [b]);
    expect(row?.note).toBeNull();
  });

  it('acknowledging by ids or by filter never touches B’s events', async () => {
    const a = await w.event(w.camA);
    const b = await w.event(w.camB);
    const byIds = await w.send(w.limited.token, 'POST', '/api/v1/events/acknowledge', { ids: [b] });
    expect(byIds.json()).toEqual({ acknowledged: 0 });
    notFound(await w.send(w.limited.token, 'POST', '/api/v1/events/acknowledge', { filter: { cameraId: w.camB } }));
    // Everything they can see, by a filter that names no camera.
    const all = await w.send(w.limited.token, 'POST', '/api/v1/events/acknowledge', { filter: {} });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().acknowledged).toBeGreaterThan(0);
    const acked = await w.sql<{ id: string; camera_id: string | null; acknowledged_at: Date | null }>(
      'select id, camera_id, acknowledged_at from events where workspace_id = $1',
      [w.workspaceId],
    );
    for (const e of acked) {
      if (e.camera_id === w.camB) expect(e.acknowledged_at, `B's event ${e.id}`).toBeNull();
      else expect(e.acknowledged_at, `event ${e.id}`).not.toBeNull();
    }
    expect(acked.find((e) => e.id === a)?.acknowledged_at).not.toBeNull();
  });

  it('the alert center lists and counts only A’s alerts; marking B’s read records nothing', async () => {
    await w.sql('delete from events where workspace_id = $1', [w.workspaceId]);
    const a = await w.event(w.camA);
    const b = await w.event(w.camB);
    const bell = (await w.get(w.limited.token, '/api/v1/alerts')).json();
    expect(bell.items.map((i: { id: string }) => i.id)).toEqual([a]);
    expect(bell.unread).toBe(1);
    const ownerBell = (await w.get(w.owner.token, '/api/v1/alerts')).json();
    expect(ownerBell.unread).toBe(2);
    expect((await w.send(w.limited.token, 'POST', '/api/v1/alerts/read', { ids: [a, b] })).statusCode).toBe(204);
    const reads = await w.sql<{ event_id: string }>('select event_id from alert_reads where user_id = $1', [
      w.limited.user.uid,
    ]);
    expect(reads.map((r) => r.event_id)).toEqual([a]);
  });

  it('the delivery log and the SMS log hold only what concerns A’s events (and none)', async () => {
    const a = await w.event(w.camA);
    const b = await w.event(w.camB);
    for (const [eventId, key] of [
      [a, 'a'],
      [b, 'b'],
      [null, 'none'],
    ])
      await w.sql(
        `insert into deliveries (workspace_id, event_id, channel, target, destination, dedupe_key, status)
         values ($1, $2, 'webhook', 'x', 'https://…', $3, 'failed')`,
        [w.workspaceId, eventId, `scope-${key}`],
      );
    const log = (await w.get(w.limited.token, '/api/v1/deliveries')).json();
    expect(log.items.map((d: { eventId: string | null }) => d.eventId).sort()).toEqual([a, null].sort());
    const [ofB] = await w.sql<{ id: string }>('select id from deliveries where event_id = $1', [b]);
    notFound(await w.send(w.limited.token, 'POST', `/api/v1/deliveries/${ofB!.id}/retry`));
    // The SMS log: a text about B's event is not theirs to read; one about A's, and a test, are.
    for (const [eventId, body] of [
      [a, 'Motion on A'],
      [b, 'Motion on B'],
      [null, 'Vigil test message'],
    ])
      await w.sql(
        `insert into sms_messages (workspace_id, delivery_id, "to", body, segments, encoding)
         values ($1, (select id from deliveries where event_id = $2), '+33612345678', $3, 1, 'GSM-7')`,
        [w.workspaceId, eventId, body],
      );
    const texts = (await w.get(w.limited.token, '/api/v1/sms/messages')).json();
    expect(texts.items.map((m: { body: string }) => m.body).sort()).toEqual(['Motion on A', 'Vigil test message']);
    expect((await w.get(w.owner.token, '/api/v1/sms/messages')).json().items).toHaveLength(3);
    // A rule may name only cameras within their scope.
    const rule = await w.send(w.limited.token, 'POST', '/api/v1/notification-rules', {
      name: 'B only',
      cameraIds: [w.camB],
      recipientRoles: ['manager'],
      channels: ['email'],
    });
    expect(rule.statusCode).toBe(400);
    expect(errorOf(rule).fields?.cameraIds).toMatch(/not in this workspace/);
  });

  it('once the scope covers every camera again, B is back', async () => {
    await w.setCameras(w.limited, null);
    expect((await w.get(w.limited.token, `/api/v1/cameras/${w.camB}`)).statusCode).toBe(200);
    await w.setCameras(w.limited, []);
    expect(ids(await w.get(w.limited.token, '/api/v1/cameras'))).toEqual([]);
    notFound(await w.get(w.limited.token, `/api/v1/cameras/${w.camA}`));
    await w.setCameras(w.limited, [w.camA]);
  });
});

describe('viewers may export, unless the workspace says no', () => {
  const w = useScopeWorld();
  const clip = { from: '2026-03-10T09:00:01Z', to: '2026-03-10T09:00:05Z' };
  const exportAs = (token: string) => w.send(token, 'POST', '/api/v1/exports', { cameraId: w.camA, ...clip });
  const setFlag = (token: string, workspaceId: string, viewersMayExport: boolean) =>
    w.send(token, 'PATCH', `/api/v1/workspaces/${workspaceId}`, { viewersMayExport });

  it('by default a viewer exports; once the owner says no they are refused with the reason, others are not', async () => {
    await w.sql(
      `insert into segments (camera_id, workspace_id, start_at, end_at, bytes, path, init_bytes)
       values ($1, $2, '2026-03-10T09:00:00Z', '2026-03-10T09:00:10Z', 1000, 'seg.mp4', 100)`,
      [w.camA, w.workspaceId],
    );
    expect((await w.get(w.viewer.token, '/api/v1/me')).json().workspace.viewersMayExport).toBe(true);
    expect((await exportAs(w.viewer.token)).statusCode).toBe(201);

    const off = await setFlag(w.owner.token, w.workspaceId, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: w.workspaceId, viewersMayExport: false });
    expect((await w.get(w.viewer.token, '/api/v1/me')).json().workspace.viewersMayExport).toBe(false);
    const before = await w.sql<{ n: number }>('select count(*)::int as n from exports');
    const refused = await exportAs(w.viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'permission-denied',
      message: 'Your workspace does not let viewers export footage.',
    });
    expect(await w.sql('select count(*)::int as n from exports')).toEqual(before);
    // A manager, and the owner, still export.
    expect((await exportAs(w.limited.token)).statusCode).toBe(201);
    expect((await exportAs(w.owner.token)).statusCode).toBe(201);

    expect((await setFlag(w.limited.token, w.workspaceId, true)).statusCode).toBe(200);
    expect((await exportAs(w.viewer.token)).statusCode).toBe(201);
  });

  it('only the owner and managers of that workspace change it; another workspace is not found', async () => {
    const byViewer = await setFlag(w.viewer.token, w.workspaceId, false);
    expect(byViewer.statusCode).toBe(403);
    const foreign = await setFlag(w.owner.token, w.other.workspace.id, false);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('not-found');
    const [ws] = await w.sql<{ viewers_may_export: boolean }>(
      'select viewers_may_export from workspaces where id = $1',
      [w.other.workspace.id],
    );
    expect(ws?.viewers_may_export).toBe(true);
    const bad = await w.send(w.owner.token, 'PATCH', `/api/v1/workspaces/${w.workspaceId}`, { viewersMayExport: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('invalid-argument');
    const unknown = await w.send(w.owner.token, 'PATCH', `/api/v1/workspaces/${w.workspaceId}`, { name: 'x' });
    expect(unknown.statusCode).toBe(400);
  });
});
