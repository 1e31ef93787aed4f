import path from 'node:path';
import { MOTION_POST_ROLL_SECONDS, MOTION_PRE_ROLL_SECONDS, TEST_PATTERN_VIDEO } from '@vigil/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { quietUntilAsked } from '../modules/cameras/camera-source-columns.ts';
import { cameraRow, segmentFiles, segmentRows, waitFor, useTestRecorder } from '../../test/recorder-helpers.ts';

/**
 * "On motion" recording against real ffmpeg and the GStreamer RTSP camera (2 s segments): its
 * videotestsrc picture is switched live between "black" (a still scene) and "ball" (an object
 * moving across it), so motion starts and stops at known moments.
 */
const rig = useTestRecorder({ recordingMode: 'motion' });
const PRE_MS = MOTION_PRE_ROLL_SECONDS * 1000;
const POST_MS = MOTION_POST_ROLL_SECONDS * 1000;

async function disable(id: string) {
  await rig.db.execute(sql`update cameras set enabled = false where id = ${id}`);
  await rig.recorder.sync(id);
}

/** The camera's row once the recorder has described the video it sends (its fps known). */
const videoInfo = (id: string) =>
  waitFor(
    async () => {
      const r = await cameraRow(rig.db, id);
      return r.fps ? r : null;
    },
    10_000,
    'video info',
  );

/**
 * A motion camera on a still scene, online, its first segment written and already deleted: no
 * motion claimed it (deleted 2 s + pre-roll + margin after it ended).
 */
async function stillCamera(sourceUrl: string) {
  const cam = await rig.addCamera({ sourceUrl });
  const dir = path.join(rig.mediaRoot, rig.workspaceId, cam.id, 'segments');
  await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'online', 10_000, 'online');
  const first = await waitFor(() => segmentFiles(dir)[0], 10_000, 'a first segment');
  await waitFor(() => !segmentFiles(dir).includes(first), 20_000, `${first} deleted`);
  return { cam, dir, first };
}

async function recordingsOf(cameraId: string) {
  const r = await rig.db.execute<{ kind: string; start_at: string; end_at: string; bytes: string }>(
    sql`select kind, start_at, end_at, bytes from recordings where camera_id = ${cameraId} order by start_at`,
  );
  return r.rows.map((x) => ({
    kind: x.kind,
    start: new Date(x.start_at).getTime(),
    end: new Date(x.end_at).getTime(),
    bytes: Number(x.bytes),
  }));
}

/** The times the runner logged for this camera's motion ("motion from …" / "motion until …"). */
function motionLog(cameraId: string, what: 'from' | 'until'): number[] | undefined {
  const re = new RegExp(`camera ${cameraId}: motion ${what} (\\S+)`);
  const times = rig.logs.flatMap((l) => {
    const m = re.exec(l);
    return m ? [new Date(m[1]!).getTime()] : [];
  });
  return times.length ? times : undefined;
}

describe('recording on motion', () => {
  it('a still scene records nothing, and its segments are deleted; the stream is described on the camera', async () => {
    const rtsp = await startRtspServer({ pattern: 'black' });
    try {
      const { cam, dir } = await stillCamera(rtsp.url);
      expect(segmentFiles(dir).length).toBeLessThanOrEqual(8);
      expect(await segmentRows(rig.db, cam.id)).toEqual([]);
      expect(await recordingsOf(cam.id)).toEqual([]);
      expect(motionLog(cam.id, 'from')).toBeUndefined();

      // Task: the recorder describes what the camera really sends.
      const row = await videoInfo(cam.id);
      expect({ codec: row.videoCodec, width: row.width, height: row.height, fps: row.fps }).toEqual({
        codec: 'h264',
        width: 640,
        height: 360,
        fps: 15,
      });

      // Stopping decides what was still undecided: nothing of a still scene stays on disk.
      await disable(cam.id);
      expect(segmentFiles(dir)).toEqual([]);
      expect(await segmentRows(rig.db, cam.id)).toEqual([]);
    } finally {
      await rtsp.stop();
    }
  }, 90_000);

  it('an object crossing the scene makes one motion recording with its pre- and post-roll', async () => {
    const rtsp = await startRtspServer({ pattern: 'black' });
    try {
      const { cam, dir, first } = await stillCamera(rtsp.url);

      const enters = Date.now();
      await rtsp.setPattern('ball');
      const [from] = await waitFor(() => motionLog(cam.id, 'from'), 10_000, 'motion start');
      expect(from!).toBeGreaterThanOrEqual(enters - 500);
      expect(from!).toBeLessThan(enters + 5000);
      // The pre-roll was kept: segments already complete when the motion started are indexed.
      const early = await waitFor(
        async () => {
          const r = await segmentRows(rig.db, cam.id);
          return r.length ? r : null;
        },
        10_000,
        'pre-roll indexed',
      );
      expect(early[0]!.startAt.getTime()).toBeLessThanOrEqual(from! - PRE_MS);

      await waitFor(() => Date.now() > enters + 6000, 10_000, '6 s of motion');
      await rtsp.setPattern('black');
      const [until] = await waitFor(() => motionLog(cam.id, 'until'), 15_000, 'motion stop');
      // Post-roll: recorded until at least 10 s after the last moving frame.
      await waitFor(
        async () => {
          const [rec] = await recordingsOf(cam.id);
          return rec && rec.end >= until! + POST_MS;
        },
        25_000,
        'post-roll indexed',
      );
      await disable(cam.id);

      const recs = await recordingsOf(cam.id);
      expect(recs).toHaveLength(1);
      const rec = recs[0]!;
      expect(rec.kind).toBe('motion');
      // Whole 2 s segments around [from − 5 s, until + 10 s]: within a segment and some slack of it.
      expect(rec.start).toBeLessThanOrEqual(from! - PRE_MS);
      expect(rec.start).toBeGreaterThan(from! - PRE_MS - 4000);
      expect(rec.end).toBeGreaterThanOrEqual(until! + POST_MS);
      expect(rec.end).toBeLessThan(until! + POST_MS + 4000);
      const rows = await segmentRows(rig.db, cam.id);
      expect(rec.bytes).toBe(rows.reduce((a, r) => a + r.bytes, 0));
      // What is left on disk is exactly the indexed footage: the still stretches are gone.
      expect(segmentFiles(dir)).toEqual(rows.map((r) => path.posix.basename(r.path)));
      expect(segmentFiles(dir)).not.toContain(first);
    } finally {
      await rtsp.stop();
    }
  }, 120_000);

  it('the test pattern (encoded by ffmpeg, always moving) records motion from its start', async () => {
    const cam = await rig.addCamera({ sourceType: 'test-pattern' });
    const rows = await waitFor(
      async () => {
        const r = await segmentRows(rig.db, cam.id);
        return r.length >= 2 ? r : null;
      },
      20_000,
      'two indexed segments',
    );
    expect(new Set(rows.map((r) => r.recordingId)).size).toBe(1);
    expect((await recordingsOf(cam.id))[0]!.kind).toBe('motion');
    expect(motionLog(cam.id, 'from')).toHaveLength(1);
    expect(motionLog(cam.id, 'until')).toBeUndefined();
    const row = await videoInfo(cam.id);
    expect({ codec: row.videoCodec, width: row.width, height: row.height, fps: row.fps }).toEqual(TEST_PATTERN_VIDEO);
    await disable(cam.id);
  }, 60_000);

  it('a new test pattern, as the API creates it, records on motion yet raises no alert (motion events start off)', async () => {
    const cam = await rig.addCamera({ sourceType: 'test-pattern', ...quietUntilAsked({ type: 'test-pattern' }) });
    // The motion path is fed: detection runs (motion recording needs it) and the recording is a motion one.
    await waitFor(() => motionLog(cam.id, 'from'), 20_000, 'motion start');
    await waitFor(
      async () => ((await segmentRows(rig.db, cam.id)).length >= 3 ? true : null),
      20_000,
      'three segments',
    );
    expect((await recordingsOf(cam.id))[0]!.kind).toBe('motion');
    const events = await rig.db.execute(sql`select id from events where camera_id = ${cam.id}`);
    expect(events.rows).toEqual([]);
    await disable(cam.id);
  }, 60_000);
});
