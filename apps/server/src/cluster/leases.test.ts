import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCamera, insertOwner, videoTestDb, waitFor } from '../../test/recorder-helpers.ts';
import { insertSegment } from '../video/camera-writes.ts';
import { claimLeases, holdsLease, releaseLease } from './cluster.repo.ts';
import { LeaseKeeper } from './lease-keeper.ts';

/** The lease rules on their own, against the real PostgreSQL: no ffmpeg, no processes. */
describe('camera leases', () => {
  let t: Awaited<ReturnType<typeof videoTestDb>>;
  let workspaceId: string;
  const cameras: string[] = [];

  const keeper = (name: string, events: string[], id = randomUUID()) =>
    new LeaseKeeper({
      db: t.db,
      node: { id, roles: ['record'], internalUrl: `http://${name}`, hostname: 'test', pid: 1 },
      ttlMs: 1500,
      renewMs: 200,
      onAcquired: (l) => events.push(`+${l.cameraId}`),
      onLost: (id) => events.push(`-${id}`),
      onSurplus: (id) => events.push(`>${id}`),
      log: () => {},
    });

  beforeAll(async () => {
    t = await videoTestDb();
    workspaceId = (await insertOwner(t.db)).workspaceId;
    for (let i = 0; i < 4; i++) cameras.push((await insertCamera(t.db, workspaceId, { name: `c${i}` })).id);
    await insertCamera(t.db, workspaceId, { name: 'disabled', enabled: false });
  });
  afterAll(() => t.close());

  it('spreads enabled cameras evenly, hands surplus to a newcomer, and takes a dead one’s cameras', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const ka = keeper('a', a);
    await ka.start();
    expect(ka.count).toBe(4); // alone: every enabled camera, never the disabled one
    const kb = keeper('b', b);
    await kb.start();
    // a is over its share (2): it hands two back; the caller releases them once stopped.
    await waitFor(() => a.filter((e) => e.startsWith('>')).length === 2, 3000, 'surplus');
    for (const e of a.filter((x) => x.startsWith('>'))) await ka.release(e.slice(1));
    await waitFor(() => kb.count === 2 && ka.count === 2, 3000, 'two each');

    // b dies without a word: after its lease lapses, a takes its cameras with a new epoch.
    await kb.stop();
    const bs = cameras.filter((id) => kb.fence(id));
    await waitFor(() => ka.count === 4, 5000, 'a to take b’s cameras');
    for (const id of bs) expect(ka.fence(id)!.epoch).toBe(kb.fence(id)!.epoch + 1);
    await ka.stop();
  });

  it('a restart with the same node id takes its cameras back at once, each with a new epoch', async () => {
    // The earlier keepers are gone: their nodes and leases lapse.
    await t.db.execute(sql`update camera_leases set expires_at = now() - interval '1 second'`);
    await t.db.execute(sql`update vigil_nodes set expires_at = now() - interval '1 second'`);
    const id = randomUUID();
    const first = keeper('same', [], id);
    await first.start();
    await first.stop(); // dies without releasing: its leases are still live
    const epochs = new Map(cameras.map((c) => [c, first.fence(c)!.epoch]));
    const events: string[] = [];
    const again = keeper('same', events, id);
    await again.start();
    expect(events.filter((e) => e.startsWith('+')).length).toBe(4);
    for (const c of cameras) expect(again.fence(c)!.epoch).toBe(epochs.get(c)! + 1);
    await again.stop();
  });

  it('a write with a stale epoch is refused; the holder’s is accepted', async () => {
    await t.db.execute(sql`update camera_leases set expires_at = now() - interval '1 second'`);
    const [cameraId] = cameras as [string];
    const holderId = randomUUID();
    const [lease] = (await claimLeases(t.db, holderId, 5000, 4)).filter((l) => l.cameraId === cameraId);
    expect(lease).toBeDefined();
    const fence = { holderId, epoch: lease!.epoch };
    const stale = { holderId, epoch: lease!.epoch - 1 };
    expect(await holdsLease(t.db, cameraId, fence)).toBe(true);
    expect(await holdsLease(t.db, cameraId, stale)).toBe(false);
    const seg = (name: string, s: number) => ({
      cameraId,
      workspaceId,
      kind: 'continuous' as const,
      startAt: new Date(Date.UTC(2026, 0, 1, 0, 0, s)),
      endAt: new Date(Date.UTC(2026, 0, 1, 0, 0, s + 2)),
      bytes: 100,
      path: `${workspaceId}/${cameraId}/segments/${name}.mp4`,
      initBytes: 10,
    });
    expect(await insertSegment(t.db, seg('stale', 0), stale)).toBe(false);
    expect(await insertSegment(t.db, seg('lost', 2), null)).toBe(false);
    expect(await insertSegment(t.db, seg('held', 4), fence)).toBe(true);
    // Released: the holder itself can no longer write.
    await releaseLease(t.db, { cameraId, ...fence });
    expect(await insertSegment(t.db, seg('after', 6), fence)).toBe(false);
  });
});
