import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertCamera, segmentRows, videoWorkspace } from '../../test/recorder-helpers.ts';
import { relativeSegmentPath } from './paths.ts';
import { SegmentIndexBatch } from './segment-index-batch.ts';
import type { NewSegment } from './video.repo.ts';

const w = videoWorkspace();

function segment(cameraId: string, startMs: number, file: string): NewSegment {
  return {
    cameraId,
    workspaceId: w.workspaceId,
    kind: 'continuous',
    startAt: new Date(startMs),
    endAt: new Date(startMs + 10_000),
    bytes: 1_000_000,
    path: relativeSegmentPath(w.workspaceId, cameraId, file),
    initBytes: 800,
    codec: 'avc1.42c01e',
    profile: null,
    level: null,
    store: 'local',
  };
}

async function usage() {
  const r = await w.db.execute<{ usage: { recordingsCount: number; storageUsed: number } }>(
    sql`select usage from users where workspace_id = ${w.workspaceId}`,
  );
  return r.rows[0]!.usage;
}

describe('segment index rounds', () => {
  it("indexes the cameras' segments of one round in one transaction, with exact usage", async () => {
    const cams = [];
    for (let i = 0; i < 3; i++) cams.push(await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern' }));
    const at = Date.UTC(2026, 0, 2, 3, 4, 0);
    let transactions = 0;
    const counted = Object.create(w.db, {
      transaction: {
        value: (fn: Parameters<typeof w.db.transaction>[0]) => {
          transactions++;
          return w.db.transaction(fn);
        },
      },
    });
    const batch = new SegmentIndexBatch(counted, 50);
    const first = await Promise.all(cams.map((c) => batch.insert(segment(c.id, at, '20260102T030400Z.mp4'))));
    expect(first).toEqual([true, true, true]);
    expect(transactions).toBe(1);
    // The next round extends each camera's recording; a path indexed already is not indexed twice.
    const second = await Promise.all([
      ...cams.map((c) => batch.insert(segment(c.id, at + 10_000, '20260102T030410Z.mp4'))),
      batch.insert(segment(cams[0]!.id, at, '20260102T030400Z.mp4')),
    ]);
    expect(second).toEqual([true, true, true, false]);
    expect(transactions).toBe(2);
    for (const c of cams) {
      const rows = await segmentRows(w.db, c.id);
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((s) => s.recordingId)).size).toBe(1);
    }
    expect(await usage()).toMatchObject({ recordingsCount: 3, storageUsed: 0.006 });
  });

  it('retries a failed round segment by segment: the bad one fails alone', async () => {
    const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern' });
    const at = Date.UTC(2026, 0, 3, 0, 0, 0);
    const batch = new SegmentIndexBatch(w.db, 50);
    // A camera that does not exist: its rows break a foreign key, and the whole round with them.
    const bad = segment(randomUUID(), at, '20260103T000000Z.mp4');
    const [good, failed] = await Promise.allSettled([
      batch.insert(segment(cam.id, at, '20260103T000000Z.mp4')),
      batch.insert(bad),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: true });
    expect(failed.status).toBe('rejected');
    expect((await segmentRows(w.db, cam.id)).map((s) => s.startAt.getTime())).toEqual([at]);
  });

  it('a round of held cameras costs a fixed handful of statements; a gap is reported, a lost lease falls back', async () => {
    const cams: Awaited<ReturnType<typeof insertCamera>>[] = [];
    for (let i = 0; i < 4; i++) cams.push(await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern' }));
    const holderId = randomUUID();
    for (const c of cams)
      await w.db.execute(sql`insert into camera_leases (camera_id, holder_id, epoch, expires_at)
        values (${c.id}, ${holderId}, 1, now() + interval '1 minute')`);
    const fence = { holderId, epoch: 1 };
    const batch = new SegmentIndexBatch(w.db, 50);
    let statements = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const at = Date.UTC(2026, 0, 4, 0, 0, 0);
    const file = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]|\.\d+/g, '')}.mp4`;
    const round = async (list: { cam: (typeof cams)[number]; ms: number }[]) => {
      statements = 0;
      const indexed = await Promise.all(list.map(({ cam, ms }) => batch.insert(segment(cam.id, ms, file(ms)), fence)));
      return { indexed, statements };
    };
    try {
      // Four new cameras, then the next ten seconds of each: the same ten statements either way
      // (begin, owner, leases, paths, overlaps, recordings, their insert or update, segments, usage, commit).
      const first = await round(cams.map((cam) => ({ cam, ms: at })));
      expect(first).toEqual({ indexed: [true, true, true, true], statements: 10 });
      const second = await round(cams.map((cam) => ({ cam, ms: at + 10_000 })));
      expect(second).toEqual({ indexed: [true, true, true, true], statements: 10 });
      for (const c of cams) {
        const rows = await segmentRows(w.db, c.id);
        expect(rows).toHaveLength(2);
        expect(rows[0]!.recordingId).toBe(rows[1]!.recordingId);
      }

      // Thirty seconds missing on the first camera: a new recording and a recording.gap event.
      const third = await round([
        { cam: cams[0]!, ms: at + 50_000 },
        { cam: cams[1]!, ms: at + 20_000 },
      ]);
      expect(third.indexed).toEqual([true, true]);
      const gap = await w.db.execute<{ detail: { seconds: number } }>(
        sql`select detail from events where camera_id = ${cams[0]!.id} and kind = 'recording.gap'`,
      );
      expect(gap.rows.map((r) => r.detail.seconds)).toEqual([30]);
      const first0 = await segmentRows(w.db, cams[0]!.id);
      expect(new Set(first0.map((s) => s.recordingId)).size).toBe(2);
      expect(new Set((await segmentRows(w.db, cams[1]!.id)).map((s) => s.recordingId)).size).toBe(1);

      // Another recorder took the last camera: the round is written one by one, its footage kept
      // (never dropped) without speaking for the camera.
      await w.db.execute(sql`update camera_leases set epoch = 2 where camera_id = ${cams[3]!.id}`);
      const fourth = await round([
        { cam: cams[2]!, ms: at + 20_000 },
        { cam: cams[3]!, ms: at + 60_000 },
      ]);
      expect(fourth.indexed).toEqual([true, true]);
      expect(fourth.statements).toBeGreaterThan(10);
      expect(await segmentRows(w.db, cams[3]!.id)).toHaveLength(3);
      const noGap = await w.db.execute(
        sql`select 1 from events where camera_id = ${cams[3]!.id} and kind = 'recording.gap'`,
      );
      expect(noGap.rows).toHaveLength(0);
    } finally {
      pg.Client.prototype.query = query;
    }
  });
});
