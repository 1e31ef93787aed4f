import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCamera, segmentFiles, segmentRows, videoWorkspace } from '../../test/recorder-helpers.ts';
import { segmentDir } from './paths.ts';
import { reconcileCamera } from './reconcile.ts';

/** Reconcile against real fMP4 files (the 3 s ffmpeg sample) named as ffmpeg names segments. */
const SAMPLE = new URL('./fixtures/live-sample.mp4', import.meta.url);
const SAMPLE_BYTES = statSync(SAMPLE).size;
const w = videoWorkspace();

/** n files 3 s apart: one contiguous recording. */
function writeSegments(dir: string, n: number, from = Date.UTC(2026, 0, 2, 3, 4, 0)): string[] {
  mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${new Date(from + i * 3000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}.mp4`;
    copyFileSync(SAMPLE, path.join(dir, name));
    names.push(name);
  }
  return names;
}

async function usage() {
  const r = await w.db.execute<{ usage: { recordingsCount: number; storageUsed: number } }>(
    sql`select usage from users where workspace_id = ${w.workspaceId}`,
  );
  return r.rows[0]!.usage;
}

describe('reconcileCamera', () => {
  it('indexes files missing from the index into one recording, with exact usage', async () => {
    const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern' });
    const dir = segmentDir(w.mediaRoot, w.workspaceId, cam.id);
    const names = writeSegments(dir, 4);
    writeFileSync(path.join(dir, '20260102T030500Z.mp4'), ''); // kill -9 right after opening: 0 bytes
    const ref = { cameraId: cam.id, workspaceId: w.workspaceId, kind: 'continuous' as const };
    const r = await reconcileCamera(w.db, ref, dir, () => {});
    expect(r).toMatchObject({ indexed: 4, removed: 0, deletedFiles: 1 });
    expect(segmentFiles(dir)).toEqual(names);
    const rows = await segmentRows(w.db, cam.id);
    expect(rows.map((s) => s.bytes)).toEqual([SAMPLE_BYTES, SAMPLE_BYTES, SAMPLE_BYTES, SAMPLE_BYTES]);
    expect(rows[0]!.startAt.toISOString()).toBe('2026-01-02T03:04:00.000Z');
    expect(rows[3]!.endAt.toISOString()).toBe('2026-01-02T03:04:12.000Z');
    expect(new Set(rows.map((s) => s.recordingId)).size).toBe(1);
    const [rec] = (await w.db.execute<{ bytes: number }>(sql`select bytes from recordings where camera_id = ${cam.id}`))
      .rows;
    expect(rec!.bytes).toBe(4 * SAMPLE_BYTES);
    expect(await usage()).toMatchObject({
      recordingsCount: 1,
      storageUsed: Math.round((4 * SAMPLE_BYTES) / 1e6) / 1e3,
    });
    // A second pass has nothing to do.
    expect(await reconcileCamera(w.db, ref, dir, () => {})).toMatchObject({ indexed: 0, removed: 0, deletedFiles: 0 });
  });

  it('removes rows whose file is gone, but refuses to remove more than half', async () => {
    const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern' });
    const dir = segmentDir(w.mediaRoot, w.workspaceId, cam.id);
    const names = writeSegments(dir, 4, Date.UTC(2026, 0, 3));
    const ref = { cameraId: cam.id, workspaceId: w.workspaceId, kind: 'continuous' as const };
    await reconcileCamera(w.db, ref, dir, () => {});

    for (const n of names.slice(0, 3)) rmSync(path.join(dir, n));
    const logs: string[] = [];
    const refused = await reconcileCamera(w.db, ref, dir, (m) => logs.push(m));
    expect(refused.refused).toContain('refusing to delete more than half');
    expect(logs.join('\n')).toContain('3 of 4');
    expect(await segmentRows(w.db, cam.id)).toHaveLength(4);

    // Half exactly is allowed: put one back, two are missing of four.
    copyFileSync(SAMPLE, path.join(dir, names[0]!));
    const ok = await reconcileCamera(w.db, ref, dir, () => {});
    expect(ok.removed).toBe(2);
    expect(ok.refused).toBeUndefined();
    const rows = await segmentRows(w.db, cam.id);
    expect(rows.map((r) => path.posix.basename(r.path))).toEqual([names[0], names[3]]);
    const [rec] = (
      await w.db.execute<{ bytes: number; n: number }>(
        sql`select sum(bytes)::int as bytes, count(*)::int as n from recordings where camera_id = ${cam.id}`,
      )
    ).rows;
    expect(rec).toEqual({ bytes: 2 * SAMPLE_BYTES, n: 1 });
    expect(readFileSync(path.join(dir, names[0]!)).length).toBe(SAMPLE_BYTES);
  });

  it('starts a new recording after a gap of more than 2 s', async () => {
    const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern' });
    const dir = segmentDir(w.mediaRoot, w.workspaceId, cam.id);
    writeSegments(dir, 2, Date.UTC(2026, 0, 4));
    writeSegments(dir, 2, Date.UTC(2026, 0, 4, 0, 1));
    await reconcileCamera(w.db, { cameraId: cam.id, workspaceId: w.workspaceId, kind: 'continuous' }, dir, () => {});
    const rows = await segmentRows(w.db, cam.id);
    expect(new Set(rows.map((s) => s.recordingId)).size).toBe(2);
  });
});
