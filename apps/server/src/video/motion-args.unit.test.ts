import { describe, expect, it } from 'vitest';
import { buildFfmpegArgs, MOTION_FD, motionOutputArgs, motionSourceMode } from './ffmpeg-args.ts';
import { MOTION_FRAME } from './motion-detector.ts';

const dir = '/media/ws-1/cam-1/segments';
const scale = `scale=${MOTION_FRAME.width}:${MOTION_FRAME.height}:flags=area,format=gray`;
const tail = ['-threads', '1', '-c:v', 'rawvideo', '-f', 'rawvideo', '-flush_packets', '1', `pipe:${MOTION_FD}`];

describe('motion output of the camera ffmpeg', () => {
  it('decoded sources: raw 96x54 gray at 5 fps on fd 3, flushed per frame', () => {
    expect(motionOutputArgs('decoded')).toEqual(['-map', '0:v:0', '-vf', `fps=${MOTION_FRAME.fps},${scale}`, ...tail]);
  });

  it('its encoder runs on one thread in every mode: a frame-threaded encoder held each frame until the next came', () => {
    for (const mode of ['decoded', 'substream'] as const) {
      const args = motionOutputArgs(mode);
      // An output option (before the output's name), not the decoder's (those come before -i).
      expect(args.slice(args.indexOf('-threads'), args.indexOf('-threads') + 2)).toEqual(['-threads', '1']);
      expect(args.indexOf('-threads')).toBeLessThan(args.indexOf(`pipe:${MOTION_FD}`));
    }
  });

  it('a substream: the second input, decoded whole and sampled at 5 fps', () => {
    expect(motionOutputArgs('substream')).toEqual([
      '-map',
      '1:v:0',
      '-vf',
      `fps=${MOTION_FRAME.fps},${scale}`,
      ...tail,
    ]);
  });

  it('is added last for decoded sources, for motion mode always and for the others when asked; the rest is continuous mode', () => {
    for (const source of [{ type: 'mjpeg', url: 'http://cam/v.mjpg' }, { type: 'test-pattern' }] as const) {
      const continuous = buildFfmpegArgs({ source, recordingMode: 'continuous', segmentDir: dir });
      for (const args of [
        buildFfmpegArgs({ source, recordingMode: 'motion', segmentDir: dir }),
        buildFfmpegArgs({ source, recordingMode: 'continuous', segmentDir: dir, motion: {} }),
      ]) {
        expect(args.slice(-motionOutputArgs('decoded').length)).toEqual(motionOutputArgs('decoded'));
        expect(args.filter((a) => a === 'pipe:3')).toHaveLength(1);
        expect(args.slice(0, continuous.length)).toEqual(continuous);
      }
      expect(continuous).not.toContain('pipe:3');
      expect(buildFfmpegArgs({ source, recordingMode: 'off', segmentDir: dir })).not.toContain('pipe:3');
      expect(buildFfmpegArgs({ source, recordingMode: 'off', segmentDir: dir, motion: {} })).toContain('pipe:3');
    }
  });

  it('an RTSP main stream is only copied, with motion too: its keyframes are decoded elsewhere (keyframe-decoder.ts)', () => {
    const source = { type: 'rtsp', url: 'rtsp://cam/s' } as const;
    expect(motionSourceMode({ source, recordingMode: 'motion' })).toBe('keyframes');
    const continuous = buildFfmpegArgs({ source, recordingMode: 'continuous', segmentDir: dir });
    expect(buildFfmpegArgs({ source, recordingMode: 'motion', segmentDir: dir })).toEqual(continuous);
    expect(buildFfmpegArgs({ source, recordingMode: 'continuous', segmentDir: dir, motion: {} })).toEqual(continuous);
    for (const decoderOption of ['-skip_frame', '-skip_loop_filter', 'pipe:3'])
      expect(continuous).not.toContain(decoderOption);
  });

  it('with a substream the main stream is not decoded at all; the substream is a second input with its credentials', () => {
    const args = buildFfmpegArgs({
      source: { type: 'rtsp', url: 'rtsp://cam/main' },
      recordingMode: 'continuous',
      segmentDir: dir,
      motion: { substream: { url: 'rtsp://cam/sub', username: 'u', password: 'p w' } },
    });
    expect(
      motionSourceMode({
        source: { type: 'rtsp', url: 'x' },
        recordingMode: 'off',
        motion: { substream: { url: 'y' } },
      }),
    ).toBe('substream');
    const inputs = args.flatMap((a, i) => (a === '-i' ? [args[i + 1]] : []));
    expect(inputs).toEqual(['rtsp://cam/main', 'rtsp://u:p%20w@cam/sub']);
    expect(args.indexOf('-skip_frame')).toBe(-1);
    // The decoder options belong to the substream's input (after the first -i, before the second).
    const first = args.indexOf('-i');
    const second = args.lastIndexOf('-i');
    expect(args.indexOf('-skip_loop_filter')).toBeGreaterThan(first);
    expect(args.indexOf('-skip_loop_filter')).toBeLessThan(second);
    expect(args.slice(-motionOutputArgs('substream').length)).toEqual(motionOutputArgs('substream'));
  });
});
