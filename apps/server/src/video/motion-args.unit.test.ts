import { describe, expect, it } from 'vitest';
import { buildFfmpegArgs, MOTION_DECODE_ARGS, MOTION_FD, motionOutputArgs } from './ffmpeg-args.ts';
import { MOTION_FRAME } from './motion-detector.ts';

const dir = '/media/ws-1/cam-1/segments';

describe('motion output of the camera ffmpeg', () => {
  it('is a raw 96x54 gray output at 5 fps on fd 3, flushed per frame', () => {
    const a = motionOutputArgs();
    expect(a).toEqual([
      '-map',
      '0:v:0',
      '-vf',
      `fps=${MOTION_FRAME.fps},scale=${MOTION_FRAME.width}:${MOTION_FRAME.height}:flags=area,format=gray`,
      '-c:v',
      'rawvideo',
      '-f',
      'rawvideo',
      '-flush_packets',
      '1',
      `pipe:${MOTION_FD}`,
    ]);
  });

  it('is added last, for motion mode only, whatever the source', () => {
    for (const source of [
      { type: 'rtsp', url: 'rtsp://cam/s' },
      { type: 'mjpeg', url: 'http://cam/v.mjpg' },
      { type: 'test-pattern' },
    ] as const) {
      const motion = buildFfmpegArgs({ source, recordingMode: 'motion', segmentDir: dir });
      expect(motion.slice(-motionOutputArgs().length)).toEqual(motionOutputArgs());
      expect(motion.filter((a) => a === 'pipe:3')).toHaveLength(1);
      // The recording and live outputs are those of continuous mode; a copied stream gets cheap decoding.
      const continuous = buildFfmpegArgs({ source, recordingMode: 'continuous', segmentDir: dir });
      const decode = source.type === 'rtsp' ? MOTION_DECODE_ARGS : [];
      expect(motion.slice(0, continuous.length + decode.length)).toEqual([
        ...continuous.slice(0, 4),
        ...decode,
        ...continuous.slice(4),
      ]);
      expect(motion.indexOf('-skip_loop_filter') < motion.indexOf('-i')).toBe(true);
      expect(continuous).not.toContain('pipe:3');
      expect(buildFfmpegArgs({ source, recordingMode: 'off', segmentDir: dir })).not.toContain('pipe:3');
    }
  });
});
