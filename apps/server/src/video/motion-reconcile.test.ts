import { copyFileSync, mkdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCamera, segmentFiles, segmentRows, videoWorkspace } from '../../test/recorder-helpers.ts';
import { segmentDir } from './paths.ts';
import { reconcileCamera } from './reconcile.ts';

/** Reconcile of a motion camera's leftovers, against real fMP4 files (the 3 s ffmpeg sample). */
const SAMPLE = new URL('./fixtures/live-sample.mp4', import.meta.url);
const w = videoWorkspace();

/** n files 3 s apart, last written `ageMs` ago. */
function writeSegments(dir: string, n: number, from: number, ageMs: number): string[] {
  mkdirSync(dir, { recursive: true });
  const names: string[] = [];
  const when = new Date(Date.now() - ageMs);
  for (let i = 0; i < n; i++) {
    const name = `${new Date(from + i * 3000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}.mp4`;
    copyFileSync(SAMPLE, path.join(dir, name));
    utimesSync(path.join(dir, name), when, when);
    names.push(name);
  }
  return names;
}

async function camera() {
  const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern', recordingMode: 'motion' });
  const dir = segmentDir(w.mediaRoot, w.workspaceId, cam.id);
  return { cam, dir, ref: { cameraId: cam.id, workspaceId: w.workspaceId, kind: 'motion' as const } };
}

describe('reconcileCamera for a motion camera', () => {
  it('deletes the stale undecided files a crash left, keeps the footage, leaves the young ones to the indexer', async () => {
    const { cam, dir, ref } = await camera();
    const footage = writeSegments(dir, 2, Date.UTC(2026, 0, 5, 10), 3_600_000);
    await reconcileCamera(w.db, ref, dir, () => {}); // indexed by an earlier run
    const stale = writeSegments(dir, 3, Date.UTC(2026, 0, 5, 11), 60_000);
    const young = writeSegments(dir, 1, Date.UTC(2026, 0, 5, 11, 1), 0);
    const logs: string[] = [];
    const r = await reconcileCamera(w.db, ref, dir, (m) => logs.push(m), {
      staleBefore: Date.now() - 7000,
      maxStaleFiles: 5,
    });
    expect(r).toMatchObject({ indexed: 0, removed: 0, deletedFiles: 0, droppedFiles: 3, files: footage });
    expect(segmentFiles(dir)).toEqual([...footage, ...young]);
    expect(stale.some((f) => segmentFiles(dir).includes(f))).toBe(false);
    expect((await segmentRows(w.db, cam.id)).map((s) => path.posix.basename(s.path))).toEqual(footage);
    expect(logs.join('\n')).toContain('3 stale motion-less files');
  });

  it('keeps and indexes many old un-indexed files: that is a lost index, not a crash', async () => {
    const { cam, dir, ref } = await camera();
    const names = writeSegments(dir, 8, Date.UTC(2026, 0, 6), 86_400_000);
    const logs: string[] = [];
    const r = await reconcileCamera(w.db, ref, dir, (m) => logs.push(m), {
      staleBefore: Date.now() - 7000,
      maxStaleFiles: 5,
    });
    expect(r).toMatchObject({ indexed: 8, droppedFiles: 0 });
    expect(segmentFiles(dir)).toEqual(names);
    expect(logs.join('\n')).toContain('8 un-indexed segments of motion camera');
    const recs = await w.db.execute<{ kind: string }>(sql`select kind from recordings where camera_id = ${cam.id}`);
    expect(recs.rows).toEqual([{ kind: 'motion' }]);
  });
});
