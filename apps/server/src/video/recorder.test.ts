import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { createSecretBox } from '../lib/secrets.ts';
import {
  AUTH_SECRET,
  cameraRow,
  eventKinds,
  ffmpegPidsFor,
  segmentRows,
  waitFor,
  useTestRecorder,
} from '../../test/recorder-helpers.ts';
import { summarizeFragmentedMp4 } from './mp4-fragments.ts';
import { segmentStart } from './paths.ts';

/** The recorder against real ffmpeg and a real GStreamer RTSP camera on 127.0.0.1, 2 s segments. */
const rig = useTestRecorder();

describe('recorder', () => {
  it('records an RTSP camera: online within 10 s, segments indexed exactly as on disk', async () => {
    const rtsp = await startRtspServer();
    try {
      const cam = await rig.addCamera({ sourceUrl: rtsp.url });
      await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'online', 10_000, 'online');
      // Connecting is not an outage ending: no event.
      expect(await eventKinds(rig.db, cam.id)).toEqual([]);
      expect(rig.recorder.liveFeeds.get(cam.id)?.initSegment?.length).toBeGreaterThan(0);
      const dir = rig.recorder.segmentDirOf(cam.id)!;
      expect(dir).toBe(path.join(rig.mediaRoot, rig.workspaceId, cam.id, 'segments'));
      const rows = await waitFor(
        async () => {
          const r = await segmentRows(rig.db, cam.id);
          return r.length >= 2 ? r : null;
        },
        15_000,
        'two indexed segments',
      );
      for (const [i, row] of rows.entries()) {
        const file = path.posix.basename(row.path);
        expect(row.path).toBe(`${rig.workspaceId}/${cam.id}/segments/${file}`);
        // A run's first file also holds the packets buffered while ffmpeg probed the stream
        // (about a GOP), so it really starts up to ~2 s before its name; the others within 1 s.
        const early = segmentStart(file)!.getTime() - row.startAt.getTime();
        expect(early).toBeLessThanOrEqual(i === 0 ? 3000 : 1000);
        expect(early).toBeGreaterThanOrEqual(-1000);
        const real = summarizeFragmentedMp4(readFileSync(path.join(dir, file))).durationSec;
        const seconds = (row.endAt.getTime() - row.startAt.getTime()) / 1000;
        expect(Math.abs(seconds - real)).toBeLessThan(0.002);
        expect(seconds).toBeGreaterThan(1);
        expect(seconds).toBeLessThan(4);
        expect(row.bytes).toBe(statSync(path.join(dir, file)).size);
        expect(row.initBytes).toBeGreaterThan(0);
        expect(row.recordingId).toBe(rows[0]!.recordingId);
      }
      // Consecutive segments tile the timeline: each ends (its last write) when the next one opens,
      // in the second that names it, and the next starts there, within a frame (15 fps).
      for (let i = 1; i < rows.length; i++) {
        expect(Math.abs(rows[i]!.startAt.getTime() - rows[i - 1]!.endAt.getTime())).toBeLessThanOrEqual(150);
        const afterName = rows[i - 1]!.endAt.getTime() - segmentStart(path.posix.basename(rows[i]!.path))!.getTime();
        expect(afterName).toBeGreaterThanOrEqual(0);
        expect(afterName).toBeLessThan(1100);
      }
      const [rec] = await rig.db
        .execute<{ bytes: number; n: number }>(
          sql`select r.bytes, (select count(*)::int from segments where recording_id = r.id) as n from recordings r where camera_id = ${cam.id}`,
        )
        .then((r) => r.rows);
      const segBytes = (await segmentRows(rig.db, cam.id)).reduce((a, s) => a + s.bytes, 0);
      expect(rec!.bytes).toBe(segBytes);

      // Disabled through the cameras module's notification: ffmpeg goes, status says disabled.
      await rig.db.execute(sql`update cameras set enabled = false where id = ${cam.id}`);
      await rig.db.execute(
        sql`select pg_notify('vigil_events', ${JSON.stringify({ topic: 'cameras.changed', workspaceId: rig.workspaceId, id: cam.id })})`,
      );
      await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'disabled', 10_000, 'disabled');
      await waitFor(() => ffmpegPidsFor(dir).length === 0, 5000, 'ffmpeg gone');
      // Disabling is a person's choice, not an outage.
      expect(await eventKinds(rig.db, cam.id)).toEqual([]);
      const usage = await rig.db.execute<{ usage: { recordingsCount: number; storageUsed: number } }>(
        sql`select usage from users where workspace_id = ${rig.workspaceId}`,
      );
      const total = await rig.db.execute<{ b: string }>(
        sql`select sum(bytes) as b from recordings where workspace_id = ${rig.workspaceId}`,
      );
      const n = await rig.db.execute<{ n: number }>(
        sql`select count(*)::int as n from recordings where workspace_id = ${rig.workspaceId}`,
      );
      expect(usage.rows[0]!.usage.recordingsCount).toBe(n.rows[0]!.n);
      expect(usage.rows[0]!.usage.storageUsed).toBe(Math.round(Number(total.rows[0]!.b) / 1e6) / 1e3);
    } finally {
      await rtsp.stop();
    }
  });

  it('a closed port reports "Connection refused"', async () => {
    const cam = await rig.addCamera({ sourceUrl: 'rtsp://127.0.0.1:9/test', recordingMode: 'off' });
    const row = await waitFor(
      async () => {
        const r = await cameraRow(rig.db, cam.id);
        return r.lastError ? r : null;
      },
      10_000,
      'an error',
    );
    expect(['reconnecting', 'offline']).toContain(row.status);
    expect(row.lastError).toContain('Connection refused');
    await rig.db.execute(sql`delete from cameras where id = ${cam.id}`);
    await rig.recorder.sync(cam.id);
    expect(rig.recorder.pidOf(cam.id)).toBeUndefined();
  });

  it('a wrong password against an auth-enabled camera reports the 401', async () => {
    const rtsp = await startRtspServer({ user: 'a@b', password: 'p:ss/word' });
    try {
      const box = createSecretBox(AUTH_SECRET);
      const bad = await rig.addCamera({
        sourceUrl: rtsp.url,
        sourceUsername: 'a@b',
        sourcePasswordEnc: box.seal('nope'),
      });
      const good = await rig.addCamera({
        sourceUrl: rtsp.url,
        sourceUsername: 'a@b',
        sourcePasswordEnc: box.seal('p:ss/word'),
        recordingMode: 'off',
      });
      const row = await waitFor(
        async () => {
          const r = await cameraRow(rig.db, bad.id);
          return r.lastError ? r : null;
        },
        10_000,
        'an error',
      );
      expect(row.lastError).toBe('The camera rejected the user name or password (401): check them.');
      // The same server with the right (escaped) credentials works.
      await waitFor(async () => (await cameraRow(rig.db, good.id)).status === 'online', 10_000, 'online');
      for (const c of [bad, good]) {
        await rig.db.execute(sql`delete from cameras where id = ${c.id}`);
        await rig.recorder.sync(c.id);
      }
    } finally {
      await rtsp.stop();
    }
  });

  it('survives 5 flaps of the camera: offline/online events, no leaked ffmpeg', async () => {
    let rtsp = await startRtspServer();
    const port = rtsp.port;
    const cam = await rig.addCamera({ sourceUrl: rtsp.url });
    const dir = path.join(rig.mediaRoot, rig.workspaceId, cam.id, 'segments');
    try {
      await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'online', 10_000, 'online');
      for (let flap = 0; flap < 5; flap++) {
        await rtsp.stop();
        await waitFor(async () => (await cameraRow(rig.db, cam.id)).status !== 'online', 15_000, `down #${flap}`);
        // Unreachable past the grace (1 s here): an outage event, open until the camera returns.
        await waitFor(
          async () => (await eventKinds(rig.db, cam.id)).length === 2 * flap + 1,
          10_000,
          `outage #${flap}`,
        );
        rtsp = await startRtspServer({ port });
        await waitFor(async () => (await cameraRow(rig.db, cam.id)).status === 'online', 20_000, `up #${flap}`);
        expect(ffmpegPidsFor(dir).length).toBeLessThanOrEqual(1);
      }
      await waitFor(async () => (await eventKinds(rig.db, cam.id)).length === 10, 5000, 'the last online event');
      expect(await eventKinds(rig.db, cam.id)).toEqual(Array(5).fill(['camera.offline', 'camera.online']).flat());
      const open = await rig.db.execute(sql`select 1 from events where camera_id = ${cam.id} and end_at is null`);
      expect(open.rows).toEqual([]);
      expect(ffmpegPidsFor(dir)).toEqual([rig.recorder.pidOf(cam.id)]);
      await rig.db.execute(sql`delete from cameras where id = ${cam.id}`);
      await rig.recorder.sync(cam.id);
      expect(ffmpegPidsFor(dir)).toEqual([]);
    } finally {
      await rtsp.stop();
    }
  }, 120_000);
});
