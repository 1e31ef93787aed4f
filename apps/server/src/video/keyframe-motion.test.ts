import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { motionSettingsOf } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { waitFor } from '../../test/recorder-helpers.ts';
import { buildFfmpegArgs } from './ffmpeg-args.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { KeyframeDecoders } from './keyframe-decoder.ts';
import { KeyframeMotion } from './keyframe-motion.ts';
import { LiveFeed } from './live-feed.ts';
import { MOTION_FRAME, type MotionEvent } from './motion-detector.ts';
import { MotionGate } from './motion-gate.ts';
import { detectorOptions } from './motion-mask.ts';
import { spawnTied } from './tied-spawn.ts';

/**
 * The keyframe motion pipeline on a real camera of each codec: the camera's ffmpeg as the recorder
 * starts it (copy only), its live output through the LiveFeed, keyframes picked and decoded by
 * the shared decoder. A still scene skips keyframes; the ball appearing starts motion at the
 * first keyframe after it.
 */
describe.each(['h264', 'h265'] as const)('keyframe motion, %s camera', (video) => {
  it('skips keyframes of a still scene, and sees the change at the first keyframe after it', async () => {
    const cam = await startRtspServer({ pattern: 'black', video, keyframeInterval: 7 });
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-kfm-'));
    const args = buildFfmpegArgs({
      source: { type: 'rtsp', url: cam.url },
      recordingMode: 'off',
      segmentDir: dir,
      motion: {},
    });
    expect(args).not.toContain('pipe:3');
    let ffmpeg: ChildProcess | undefined;
    const decoders = new KeyframeDecoders(
      () => ffmpegTools().ffmpeg.path,
      () => undefined,
    );
    const events: MotionEvent[] = [];
    const gate = new MotionGate({
      detector: detectorOptions(motionSettingsOf(undefined), MOTION_FRAME, true),
      onMotion: (e) => events.push(e),
    });
    const feed = new LiveFeed();
    const motion = new KeyframeMotion(feed, gate, decoders);
    let keyframes = 0;
    const counted = feed.subscribe((c) => c.type === 'fragment' && c.keyframe && keyframes++);
    try {
      ffmpeg = spawnTied(ffmpegTools().ffmpeg.path, args, { stdio: ['ignore', 'pipe', 'ignore'] });
      ffmpeg.stdout!.on('data', (d: Buffer) => feed.push(d));
      // Past the detector's settling, a still scene: fewer keyframes decoded than came.
      await waitFor(() => decoders.decoded >= 8, 30_000, 'the background settled');
      const [k0, d0] = [keyframes, decoders.decoded];
      await waitFor(() => keyframes >= k0 + 8, 15_000, 'keyframes of a still scene');
      expect(decoders.decoded - d0).toBeLessThan(keyframes - k0);
      expect(events).toEqual([]);
      // The ball: seen at the first keyframe that shows it (7/15 s apart), not a skipped one later.
      const switched = Date.now();
      await cam.setPattern('ball');
      const start = await waitFor(() => events.find((e) => e.type === 'start'), 10_000, 'motion');
      expect(Date.now() - switched).toBeLessThan(2000);
      expect(start.at).toBeGreaterThan(switched - 1000);
    } finally {
      counted();
      ffmpeg?.kill('SIGKILL');
      await motion.stop();
      decoders.stop();
      await cam.stop();
    }
  }, 60_000);
});
