import { writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { effectiveLimits } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stamp } from '../../test/footage.ts';
import { connectPg } from '../../test/helpers.ts';
import { insertCamera, waitFor } from '../../test/recorder-helpers.ts';
import { DAY, HOUR, NOW, SEG_BYTES, gone, kept, names, useRetentionWorld } from '../../test/retention-world.ts';
import { CHANNEL } from '../lib/realtime.ts';
import { segmentDir } from './paths.ts';
import { pruneWorkspace } from './retention.ts';

/** The limits retention enforces (days per camera, the plan's storage and recordings), one pass at a time. */
const w = useRetentionWorld();
const { segment, recording, workspace, protect, state, notices, log } = w;

describe('effectiveLimits', () => {
  it('treats 0, absent or junk as the spec defaults (10 GB, 100 recordings)', () => {
    expect(effectiveLimits({ maxStorage: 0, maxRecordings: 0 })).toEqual({
      maxStorageGb: 10,
      maxStorageBytes: 10e9,
      maxRecordings: 100,
    });
    expect(effectiveLimits(undefined).maxRecordings).toBe(100);
    expect(effectiveLimits({ maxStorage: '5', maxRecordings: -1 }).maxStorageGb).toBe(10);
    expect(effectiveLimits({ maxStorage: 2.5, maxRecordings: 7 })).toEqual({
      maxStorageGb: 2.5,
      maxStorageBytes: 2.5e9,
      maxRecordings: 7,
    });
  });
});

describe('pruneWorkspace', () => {
  it('drops exactly the segments older than each camera’s retentionDays, never protected or unindexed ones', async () => {
    const { workspaceId } = await workspace();
    const a = await insertCamera(w.db, workspaceId, { retentionDays: 2 });
    const b = await insertCamera(w.db, workspaceId, { retentionDays: 5 });
    // In time order per camera, as the recorder indexes them (a recording only grows forward).
    const aProtected = await recording(a, new Date(NOW.getTime() - 10 * DAY), 2);
    await protect(aProtected[0]!);
    // A's cutoff is NOW − 2 d: a segment ending exactly there goes, one ending 1 s later stays.
    const aOld = [
      ...(await recording(a, new Date(NOW.getTime() - 3 * DAY), 3)),
      // 1 s long, so the next one (overlapping it by 1 s) is still the camera's footage, not a copy.
      await segment(a, new Date(NOW.getTime() - 2 * DAY - 1000), SEG_BYTES, 1000),
    ];
    const aKept = [await segment(a, new Date(NOW.getTime() - 2 * DAY - 9000)), ...(await recording(a, NOW, 2))];
    const bOld = await recording(b, new Date(NOW.getTime() - 6 * DAY), 2);
    const bKept = await recording(b, new Date(NOW.getTime() - 4 * DAY), 2);
    // A file on disk the index does not have (ffmpeg is still writing it) is not retention's to touch.
    const writing = path.join(segmentDir(w.t.mediaRoot, workspaceId, a.id), `${stamp(new Date(0))}.mp4`);
    writeFileSync(writing, 'still being written');

    const r = await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW, batch: 2 });
    expect(r).toMatchObject({ expired: aOld.length + bOld.length, storage: 0, recordings: 0 });
    const left = await state(workspaceId);
    expect(left.paths.sort()).toEqual(names([...aKept, ...aProtected, ...bKept]).sort());
    expect(gone([...aOld, ...bOld])).toBe(true);
    expect(kept([...aKept, ...aProtected, ...bKept])).toBe(true);
    expect(existsSync(writing)).toBe(true);
    // Days retention is the camera's own setting, not the plan: no notice.
    expect(await notices(workspaceId)).toEqual([]);
    // Nothing more to do on a second pass.
    expect(await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW })).toMatchObject({
      expired: 0,
    });
  });

  it('maxStorage: deletes the oldest unprotected footage across cameras until it fits, and says so', async () => {
    // 3.5 kB: with 1000-byte segments, 10 segments (one protected recording of 2) must shrink to 3.
    const { workspaceId } = await workspace({ maxStorage: 3.5e-6 });
    const a = await insertCamera(w.db, workspaceId);
    const b = await insertCamera(w.db, workspaceId);
    const protectedRec = await recording(a, new Date(NOW.getTime() - 9 * HOUR), 2);
    await protect(protectedRec[0]!);
    const a1 = await recording(a, new Date(NOW.getTime() - 8 * HOUR), 3);
    const b1 = await recording(b, new Date(NOW.getTime() - 7 * HOUR), 2);
    const a2 = await recording(a, new Date(NOW.getTime() - 6 * HOUR), 2);
    const b2 = await recording(b, new Date(NOW.getTime() - 5 * HOUR), 1);
    expect((await state(workspaceId)).bytes).toBe(10 * SEG_BYTES);

    const r = await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW, batch: 2 });
    // 10 000 − 3 500 = 6 500 bytes to free: the seven oldest unprotected segments (a1, b1, a2).
    expect(r).toMatchObject({ storage: 7, recordings: 0, recordingsRemoved: 3, bytes: 7 * SEG_BYTES });
    const left = await state(workspaceId);
    expect(left.paths.sort()).toEqual(names([...protectedRec, ...b2]).sort());
    expect(left.bytes).toBeLessThanOrEqual(3500);
    expect(gone([...a1, ...b1, ...a2])).toBe(true);
    expect(kept([...protectedRec, ...b2])).toBe(true);
    // The trimmed-to-nothing recordings are gone; the protected one and b2 remain.
    expect(left.recordings).toBe(2);
    expect(await notices(workspaceId)).toEqual([
      { reason: 'maxStorage', recordings_removed: 3, bytes_removed: 7 * SEG_BYTES, limit_value: 3.5e-6 },
    ]);
  });

  it('maxStorage trims the start of a recording and keeps its span exact', async () => {
    const { workspaceId } = await workspace({ maxStorage: 2e-6 });
    const a = await insertCamera(w.db, workspaceId);
    const rec = await recording(a, new Date(NOW.getTime() - HOUR), 4);
    await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW });
    const left = await state(workspaceId);
    expect(left.paths).toEqual(names(rec.slice(2)));
    const [row] = (
      await w.db.execute<{ start_at: Date; bytes: number }>(
        sql`select start_at, bytes::float8 as bytes from recordings where workspace_id = ${workspaceId}`,
      )
    ).rows;
    expect(new Date(row!.start_at).toISOString()).toBe(rec[2]!.startAt.toISOString());
    expect(row!.bytes).toBe(2 * SEG_BYTES);
    expect(await notices(workspaceId)).toMatchObject([{ reason: 'maxStorage', recordings_removed: 0 }]);
  });

  it('maxRecordings: deletes the oldest whole recordings, never a protected one, and publishes once', async () => {
    const { workspaceId } = await workspace({ maxRecordings: 3 });
    const a = await insertCamera(w.db, workspaceId);
    const b = await insertCamera(w.db, workspaceId);
    const oldestProtected = await recording(a, new Date(NOW.getTime() - 10 * HOUR), 2);
    await protect(oldestProtected[0]!);
    const r1 = await recording(b, new Date(NOW.getTime() - 9 * HOUR), 3);
    const r2 = await recording(a, new Date(NOW.getTime() - 8 * HOUR), 2);
    const r3 = await recording(b, new Date(NOW.getTime() - 7 * HOUR), 1);
    const r4 = await recording(a, new Date(NOW.getTime() - 6 * HOUR), 2);
    const r5 = await recording(b, new Date(NOW.getTime() - 5 * HOUR), 1);
    expect((await state(workspaceId)).recordings).toBe(6);

    const listener = await connectPg(w.t.databaseUrl);
    const heard: unknown[] = [];
    listener.on('notification', (m) => heard.push(JSON.parse(m.payload ?? '{}')));
    await listener.query(`LISTEN ${CHANNEL}`);
    try {
      // batch 2: r1 alone (3 segments) is over the batch, so it goes in a transaction of its own.
      const r = await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW, batch: 2 });
      expect(r).toMatchObject({ recordings: 6, recordingsRemoved: 3, storage: 0, expired: 0 });
      const left = await state(workspaceId);
      expect(left.recordings).toBe(3);
      expect(left.paths.sort()).toEqual(names([...oldestProtected, ...r4, ...r5]).sort());
      expect(gone([...r1, ...r2, ...r3])).toBe(true);
      expect(kept([...oldestProtected, ...r4, ...r5])).toBe(true);
      expect(await notices(workspaceId)).toEqual([
        { reason: 'maxRecordings', recordings_removed: 3, bytes_removed: 6 * SEG_BYTES, limit_value: 3 },
      ]);
      await waitFor(() => heard.length > 1, 5000, 'the recordings and events notifications');
      expect(heard).toEqual([
        { topic: 'recordings', workspaceId },
        { topic: 'events', workspaceId },
      ]);
      // The prune is also a workspace-wide storage.pruned event that says what went.
      const pruned = async () =>
        (
          await w.db.execute<{ camera_id: string | null; detail: Record<string, unknown> }>(
            sql`select camera_id, detail from events where workspace_id = ${workspaceId} and kind = 'storage.pruned'`,
          )
        ).rows;
      expect(await pruned()).toEqual([
        {
          camera_id: null,
          detail: expect.objectContaining({ reason: 'maxRecordings', recordingsRemoved: 3, limit: 3 }),
        },
      ]);

      // A later prune the same day adds to the same notice.
      await recording(b, new Date(NOW.getTime() - 4 * HOUR), 1);
      await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW });
      expect(await notices(workspaceId)).toEqual([
        { reason: 'maxRecordings', recordings_removed: 4, bytes_removed: 8 * SEG_BYTES, limit_value: 3 },
      ]);
      // The same event grew: one a day per limit, not one per pass.
      expect((await pruned()).map((e) => e.detail.recordingsRemoved)).toEqual([4]);
    } finally {
      await listener.end();
    }
  });

  it('keeps every protected recording even when they alone exceed both limits', async () => {
    const { workspaceId } = await workspace({ maxRecordings: 1, maxStorage: 1e-6 });
    const a = await insertCamera(w.db, workspaceId, { retentionDays: 1 });
    const p1 = await recording(a, new Date(NOW.getTime() - 5 * DAY), 2);
    const p2 = await recording(a, new Date(NOW.getTime() - 4 * DAY), 2);
    await protect(p1[0]!);
    await protect(p2[0]!);
    const open = await recording(a, new Date(NOW.getTime() - HOUR), 1);
    const r = await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW });
    expect(r.expired).toBe(0);
    const left = await state(workspaceId);
    expect(left.paths.sort()).toEqual(names([...p1, ...p2]).sort());
    expect(kept([...p1, ...p2])).toBe(true);
    expect(gone(open)).toBe(true);
    // The pass stops rather than spin on what it may not delete.
    expect(await pruneWorkspace(w.db, workspaceId, { mediaRoot: w.t.mediaRoot, log, now: NOW })).toMatchObject({
      storage: 0,
      recordings: 0,
    });
  });
});
