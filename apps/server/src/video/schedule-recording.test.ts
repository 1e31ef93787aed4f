import { randomUUID } from 'node:crypto';
import { schema } from '@vigil/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cameraRow, segmentRows, useTestRecorder, waitFor, writesSegments } from '../../test/recorder-helpers.ts';

/**
 * A camera that records only while armed: its ffmpeg keeps serving live view and motion, and the
 * recording follows its schedule (here: never armed) and arming by hand, without a restart by hand.
 */
const rig = useTestRecorder({ sourceType: 'test-pattern', recordingMode: 'continuous' });

describe('recording on the schedule', () => {
  it('records nothing while disarmed, records once armed by hand, stops when disarmed again', async () => {
    const scheduleId = randomUUID();
    await rig.db
      .insert(schema.schedules)
      .values({ id: scheduleId, workspaceId: rig.workspaceId, name: 'Never', ranges: [], holidays: [] });
    const cam = await rig.addCamera({ scheduleId, scheduleRecording: true });
    await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'online', 15_000, 'online');
    // Live and online, but a still-disarmed camera writes no footage: its ffmpeg has no segment output.
    const disarmedPid = await waitFor(() => rig.recorder.pidOf(cam.id), 5000, 'ffmpeg running');
    expect(writesSegments(disarmedPid)).toBe(false);
    expect(await segmentRows(rig.db, cam.id)).toEqual([]);

    const armUntil = new Date(Date.now() + 10 * 60_000);
    await rig.db
      .update(schema.cameras)
      .set({ armOverride: true, armOverrideUntil: armUntil })
      .where(eq(schema.cameras.id, cam.id));
    await rig.recorder.sync(cam.id);
    await waitFor(async () => (await segmentRows(rig.db, cam.id)).length >= 2, 20_000, 'footage once armed');

    await rig.db.update(schema.cameras).set({ armOverride: false }).where(eq(schema.cameras.id, cam.id));
    const recordingPid = rig.recorder.pidOf(cam.id)!;
    expect(writesSegments(recordingPid)).toBe(true);
    await rig.recorder.sync(cam.id);
    // The sync stopped the recording ffmpeg, which indexes its last segment as it stops; the one
    // that took over has no segment output, so nothing more is written.
    const settled = (await segmentRows(rig.db, cam.id)).length;
    const livePid = await waitFor(
      () => {
        const pid = rig.recorder.pidOf(cam.id);
        return pid !== undefined && pid !== recordingPid ? pid : undefined;
      },
      15_000,
      'the ffmpeg without recording',
    );
    expect(writesSegments(livePid)).toBe(false);
    await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'online', 15_000, 'online again');
    expect((await segmentRows(rig.db, cam.id)).length).toBe(settled);
    const n = await rig.db.execute<{ n: number }>(
      sql`select count(*)::int as n from recordings where camera_id = ${cam.id}`,
    );
    expect(n.rows[0]!.n).toBe(1);
  }, 90_000);
});
