import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
});
