import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { segmentFiles, segmentRows, useTestRecorder, waitFor } from '../../test/recorder-helpers.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { segmentDir, segmentStart } from './paths.ts';

/**
 * A camera whose clock jumps back within one RTSP session. The GStreamer test server does it to
 * every client of its shared stream when one client drops (like a camera whose encoder restarts):
 * ffmpeg then squeezes the timestamps to keep them monotonic, and a recorder that cut segments on
 * them wrote one file for as long as the clock took to catch up (9 and 14 s here with 2 s segments).
 */
const rig = useTestRecorder();
let rtsp: Awaited<ReturnType<typeof startRtspServer>>;

beforeAll(async () => {
  rtsp = await startRtspServer();
});
afterAll(async () => {
  await rtsp?.stop();
});

/** Another client of the camera's shared stream (a second viewer, an NVR), killed later. */
function otherClient(url: string): { child: ChildProcess; exited: Promise<unknown> } {
  const args = ['-loglevel', 'quiet', '-rtsp_transport', 'tcp', '-i', url, '-c', 'copy', '-f', 'null', '-'];
  const child = spawn(ffmpegTools().ffmpeg.path, args, { stdio: 'ignore' });
  return { child, exited: new Promise((r) => child.once('exit', r)) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a camera clock that jumps back', () => {
  it('keeps cutting segments on time, and the timeline has no hole', async () => {
    const cam = await rig.addCamera({ sourceUrl: rtsp.url });
    const dir = segmentDir(rig.mediaRoot, rig.workspaceId, cam.id);
    await waitFor(async () => (await segmentRows(rig.db, cam.id)).length >= 1, 15_000, 'a first segment');
    // Two clients come and go: each departure resets the stream's timestamps for the recorder.
    for (const holdMs of [6000, 5000]) {
      const other = otherClient(rtsp.url);
      await sleep(holdMs);
      other.child.kill('SIGKILL');
      await other.exited;
      await sleep(1000);
    }
    const since = Date.now();
    await waitFor(
      async () => (await segmentRows(rig.db, cam.id)).some((r) => r.startAt.getTime() > since + 2000),
      20_000,
      'segments after the jumps',
    );
    // Files were opened every ~2 s throughout (wall-clock cuts at keyframes a second apart).
    const starts = segmentFiles(dir).map((f) => segmentStart(f)!.getTime());
    const longest = Math.max(...starts.slice(1).map((s, i) => s - starts[i]!));
    expect(longest).toBeLessThanOrEqual(4000);
    // The indexed spans tile the time the camera was recorded: no hole between consecutive ones.
    const rows = await segmentRows(rig.db, cam.id);
    const holes = rows.slice(1).map((r, i) => r.startAt.getTime() - rows[i]!.endAt.getTime());
    expect(Math.max(...holes)).toBeLessThanOrEqual(500);
  }, 90_000);
});
