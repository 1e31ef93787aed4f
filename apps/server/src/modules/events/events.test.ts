import { describe, expect, it } from 'vitest';
import { signUp, createTestPatternCamera } from '../../../test/harness.ts';
import { useEventsWorld } from '../../../test/events-world.ts';
import { withPg } from '../../../test/helpers.ts';

/**
 * The events API against the real database: keyset paging under concurrent inserts, filters,
 * acknowledging by filter, notes, and the alert center per person.
 */
describe('events and alerts', () => {
  const w = useEventsWorld();
  it('pages newest first by startAfter, every event exactly once while others are inserted', async () => {
    const before = await w.insertEvents(w.camA, 300, {
      kind: 'camera.online',
      severity: 'info',
      start: Date.UTC(2025, 0, 1),
    });
    const seen: string[] = [];
    let starts: number[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const q = new URLSearchParams({ cameraId: w.camA, kind: 'camera.online', limit: '40' });
      if (cursor) q.set('startAfter', cursor);
      const res = await w.get(w.owner.token, `/api/v1/events?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.items.map((e: { id: string }) => e.id));
      starts = [...starts, ...body.items.map((e: { startAt: string }) => Date.parse(e.startAt))];
      cursor = body.nextCursor;
      // Inserts while paging: newer ones (never on a later page) and same-time ties.
      if (page++ < 4) {
        await w.insertEvents(w.camA, 5, { kind: 'camera.online', severity: 'info', start: Date.UTC(2026, 0, 1) });
        await w.insertEvents(w.camA, 1, {
          kind: 'camera.online',
          severity: 'info',
          start: Date.UTC(2025, 0, 1) + 299_000,
        });
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeLessThanOrEqual(starts[i - 1]!);
  });

  it('filters by camera, kind, severity, time range and acknowledged state', async () => {
    const start = Date.UTC(2026, 5, 1);
    await w.insertEvents(w.camB, 3, { kind: 'motion', severity: 'alert', start });
    await w.insertEvents(w.camB, 2, { kind: 'recording.gap', severity: 'info', start });
    const q = (p: Record<string, string>) =>
      w
        .get(w.owner.token, `/api/v1/events?${new URLSearchParams({ cameraId: w.camB, ...p })}`)
        .then((r) => r.json().items);
    expect(await q({ kind: 'motion' })).toHaveLength(3);
    expect(await q({ severity: 'info' })).toHaveLength(2);
    expect(
      await q({ from: new Date(start + 1000).toISOString(), to: new Date(start + 2000).toISOString() }),
    ).toHaveLength(2);
    expect(await q({ acknowledged: 'true' })).toHaveLength(0);
    const item = (await q({ kind: 'recording.gap' }))[0];
    expect(item).toMatchObject({
      cameraId: w.camB,
      kind: 'recording.gap',
      severity: 'info',
      armed: false,
      zones: [],
      note: null,
    });
  });

  it('acknowledging by filter touches exactly the matching events, and only this workspace’s', async () => {
    const start = Date.UTC(2026, 6, 1);
    const match = await w.insertEvents(w.camA, 7, { kind: 'motion', start });
    const otherKind = await w.insertEvents(w.camA, 3, { kind: 'camera.offline', start });
    const otherCam = await w.insertEvents(w.camB, 4, { kind: 'motion', start });
    const outside = await w.insertEvents(w.camA, 2, { kind: 'motion', start: start - 86_400_000 });
    const foreign = await w.insertEvents(w.foreignCam, 5, { kind: 'motion', start });
    const filter = { cameraId: w.camA, kind: 'motion', from: new Date(start).toISOString() };
    const res = await w.send(w.owner.token, 'POST', '/api/v1/events/acknowledge', { filter });
    expect(res.statusCode, res.body).toBe(200);
    // The earlier test's camera A motion rows (none) and these 7: exactly the matching, unacknowledged ones.
    expect(res.json()).toEqual({ acknowledged: 7 });
    const acked = await withPg(w.t.databaseUrl, async (c) => {
      const r = await c.query<{ id: string; by: string }>(
        'select id, acknowledged_by as by from events where acknowledged_at is not null',
      );
      return r.rows;
    });
    expect(acked.map((r) => r.id).sort()).toEqual([...match].sort());
    expect(new Set(acked.map((r) => r.by))).toEqual(new Set([w.owner.uid]));
    for (const id of [...otherKind, ...otherCam, ...outside, ...foreign])
      expect(acked.map((r) => r.id)).not.toContain(id);
    // Again: nothing left to acknowledge. By ids, another workspace's events are not touched.
    expect((await w.send(w.owner.token, 'POST', '/api/v1/events/acknowledge', { filter })).json()).toEqual({
      acknowledged: 0,
    });
    expect((await w.send(w.owner.token, 'POST', '/api/v1/events/acknowledge', { ids: foreign })).json()).toEqual({
      acknowledged: 0,
    });
    expect(
      (await w.send(w.owner.token, 'POST', '/api/v1/events/acknowledge', { ids: otherCam.slice(0, 2) })).json(),
    ).toEqual({
      acknowledged: 2,
    });
    // A w.viewer may look but not acknowledge.
    expect((await w.send(w.viewer.token, 'POST', '/api/v1/events/acknowledge', { ids: otherCam })).statusCode).toBe(
      403,
    );
  });

  it('a note is set and cleared; another workspace’s event is not found', async () => {
    const [id] = await w.insertEvents(w.camA, 1, { start: Date.UTC(2026, 7, 1) });
    const set = await w.send(w.owner.token, 'PATCH', `/api/v1/events/${id}`, { note: '  Delivery van  ' });
    expect(set.json().note).toBe('Delivery van');
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/events/${id}`, { note: null })).json().note).toBeNull();
    const [theirs] = await w.insertEvents(w.foreignCam, 1);
    expect((await w.get(w.owner.token, `/api/v1/events/${theirs}`)).statusCode).toBe(404);
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/events/${theirs}`, { note: 'x' })).statusCode).toBe(404);
  });

  it('the alert center counts unread alerts per person; read one, then all', async () => {
    const fresh = await signUp(w.t.app);
    const cam = await createTestPatternCamera(w.t.app, fresh.token, 'Door');
    const ids = await w.insertEvents(cam, 4, { kind: 'motion', severity: 'alert', start: Date.now() - 10_000 });
    await w.insertEvents(cam, 2, { kind: 'camera.online', severity: 'info', start: Date.now() - 10_000 });
    const center = async () => (await w.get(fresh.token, '/api/v1/alerts')).json();
    const c0 = await center();
    expect(c0.unread).toBe(4);
    expect(c0.items).toHaveLength(4);
    expect(c0.items[0]).toMatchObject({ cameraName: 'Door', read: false, severity: 'alert' });
    expect((await w.send(fresh.token, 'POST', '/api/v1/alerts/read', { ids: [ids[0]] })).statusCode).toBe(204);
    const c1 = await center();
    expect(c1.unread).toBe(3);
    expect(c1.items.find((i: { id: string }) => i.id === ids[0]).read).toBe(true);
    await w.send(fresh.token, 'POST', '/api/v1/alerts/read', { all: true });
    const c2 = await center();
    expect(c2.unread).toBe(0);
    expect(c2.items.every((i: { read: boolean }) => i.read)).toBe(true);
    // An alert after the mark is unread, and only it.
    const [later] = await w.insertEvents(cam, 1, { kind: 'motion', severity: 'alert', start: Date.now() });
    const c3 = await center();
    expect(c3.unread).toBe(1);
    expect(c3.items.filter((i: { read: boolean }) => !i.read).map((i: { id: string }) => i.id)).toEqual([later]);
    // Another person's bell is their own.
    expect((await w.get(w.owner.token, '/api/v1/alerts')).json().items.map((i: { id: string }) => i.id)).not.toContain(
      ids[1],
    );
  });
});
