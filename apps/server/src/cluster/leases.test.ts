import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCamera, insertOwner, videoTestDb, waitFor } from '../../test/recorder-helpers.ts';
import { insertSegment } from '../video/camera-writes.ts';
import { segmentIndex } from '../modules/segments/segments.module.ts';
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
    // b may be alive and cut off, still writing those cameras' files; the ones a handed back may not.
    for (const id of cameras) expect(ka.formerMayStillWrite(id)).toBe(bs.includes(id));
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

  it('a keeper whose leases lapsed while it was cut off keeps its cameras and epochs when nobody took them', async () => {
    await t.db.execute(sql`update camera_leases set expires_at = now() - interval '1 second'`);
    await t.db.execute(sql`update vigil_nodes set expires_at = now() - interval '1 second'`);
    const events: string[] = [];
    const k = keeper('cut', events);
    await k.start();
    expect(k.count).toBe(cameras.length);
    const epochs = new Map(cameras.map((c) => [c, k.fence(c)!.epoch]));
    // What a 60 s outage leaves in the table: every lease of this node lapsed a minute ago, none taken.
    await t.db.execute(sql`update camera_leases set expires_at = now() - interval '1 minute'`);
    const live = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from camera_leases where holder_id = ${k.nodeId} and expires_at > now()`,
        )
      ).rows[0]!.n;
    await waitFor(async () => (await live()) === cameras.length, 3000, 'the next round to renew them');
    expect(events.filter((e) => e.startsWith('-'))).toEqual([]);
    for (const c of cameras) expect(k.fence(c)!.epoch).toBe(epochs.get(c));
    await k.stop();
  });

  it('a former writer’s segment is kept: a copy where it overlaps the holder’s footage, footage where nothing covers it', async () => {
    await t.db.execute(sql`update camera_leases set expires_at = now() - interval '1 second'`);
    const [cameraId] = cameras as [string];
    const holderId = randomUUID();
    const [lease] = (await claimLeases(t.db, holderId, 5000, 4)).filter((l) => l.cameraId === cameraId);
    expect(lease).toBeDefined();
    const fence = { holderId, epoch: lease!.epoch };
    const stale = { holderId: randomUUID(), epoch: lease!.epoch - 1 };
    expect(await holdsLease(t.db, cameraId, fence)).toBe(true);
    expect(await holdsLease(t.db, cameraId, stale)).toBe(false);
    const seg = (name: string, s: number, len = 10) => ({
      cameraId,
      workspaceId,
      kind: 'continuous' as const,
      startAt: new Date(Date.UTC(2026, 0, 1, 0, 0, s)),
      endAt: new Date(Date.UTC(2026, 0, 1, 0, 0, s + len)),
      bytes: 100,
      path: `${workspaceId}/${cameraId}/segments/${name}.mp4`,
      initBytes: 10,
    });
    const rows = async () =>
      (
        await t.db.execute<{ name: string; copy: boolean; rec: boolean }>(sql`
          select regexp_replace(path, '^.*/', '') as name, copy, recording_id is not null as rec
          from segments where camera_id = ${cameraId} order by start_at, path`)
      ).rows;
    const gaps = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from events where camera_id = ${cameraId} and kind = 'recording.gap'`,
        )
      ).rows[0]!.n;

    expect(await insertSegment(t.db, seg('held', 20), fence)).toBe(true);
    // The former writer (cut off while this one took over) recorded on: [14, 24) overlaps by 4 s.
    expect(await insertSegment(t.db, seg('over', 14), stale)).toBe(true);
    // …and [0, 10) before the takeover, which nothing else covers: the camera's footage there.
    expect(await insertSegment(t.db, seg('before', 0), stale)).toBe(true);
    expect(await insertSegment(t.db, seg('after-lost', 40), null)).toBe(true);
    // Indexed once: the same path again is no second row.
    expect(await insertSegment(t.db, seg('over', 14), stale)).toBe(false);
    expect(await rows()).toEqual([
      { name: 'before.mp4', copy: false, rec: true },
      { name: 'over.mp4', copy: true, rec: false },
      { name: 'held.mp4', copy: false, rec: true },
      { name: 'after-lost.mp4', copy: false, rec: true },
    ]);
    // Only the holder speaks for the camera's gaps: the former writer's [40, 50) after a 10 s hole says nothing.
    expect(await gaps()).toBe(0);
    // Playback reads each moment once: the copy is not among the footage.
    const played = await segmentIndex.overlapping(
      t.db,
      cameraId,
      new Date(Date.UTC(2026, 0, 1)),
      new Date(Date.UTC(2026, 0, 1, 0, 1)),
    );
    expect(played.map((p) => p.path.replace(/^.*\//, ''))).toEqual(['before.mp4', 'held.mp4', 'after-lost.mp4']);
    // A deleted camera takes nothing more.
    await releaseLease(t.db, { cameraId, ...fence });
    await t.db.execute(sql`delete from cameras where id = ${cameraId}`);
    expect(await insertSegment(t.db, seg('gone', 60), stale)).toBe(false);
  });
});
