import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBoxes } from './mp4-boxes.ts';
import { initSize, readTracks } from './mp4-init.ts';
import { countSamples, readInitInfo, StreamInfoProbe } from './stream-info.ts';

/** fixtures/live-sample.mp4: real ffmpeg fMP4, 3 s of 160x90 H.264 at 10 fps in 0.2 s fragments. */
const sample = readFileSync(new URL('./fixtures/live-sample.mp4', import.meta.url));
const init = sample.subarray(0, initSize(sample));
const boxes = readBoxes(sample);
const fragments = boxes.flatMap((b, i) =>
  b.type === 'moof' && boxes[i + 1]?.type === 'mdat' ? [sample.subarray(b.start, boxes[i + 1]!.end)] : [],
);

describe('stream info', () => {
  it('reads codec and size from the init segment', () => {
    expect(readInitInfo(init)).toEqual({ codec: 'h264', width: 160, height: 90, trackId: 1, timescale: 10240 });
  });

  it('renames the sample entry to the ffprobe codec name (hevc)', () => {
    const hevc = Buffer.from(init);
    const at = hevc.indexOf('avc1', 0, 'latin1');
    hevc.write('hvc1', at, 'latin1');
    expect(readInitInfo(hevc)?.codec).toBe('hevc');
  });

  it('finds no video in what is not an init segment', () => {
    expect(readInitInfo(Buffer.alloc(0))).toBeUndefined();
    expect(readInitInfo(sample.subarray(0, readBoxes(sample)[0]!.end))).toBeUndefined(); // ftyp only
  });

  it('counts the samples and duration of one fragment', () => {
    const moov = readBoxes(init).find((b) => b.type === 'moov')!;
    const tracks = readTracks(init, moov);
    expect(countSamples(fragments[0]!, tracks, 1)).toEqual({ samples: 2, duration: 2048, decodeTime: 0 });
    expect(countSamples(fragments[1]!, tracks, 1)).toEqual({ samples: 2, duration: 2048, decodeTime: 2048 });
    expect(countSamples(fragments[0]!, tracks, 2)).toEqual({ samples: 0, duration: 0 });
  });

  it('measures the frame rate over the first 2 s, once per stream', () => {
    expect(fragments).toHaveLength(15);
    const probe = new StreamInfoProbe();
    expect(probe.pushFragment(fragments[0]!)).toBeUndefined(); // no init yet
    probe.pushInit(init);
    const results = fragments.map((f) => probe.pushFragment(f));
    expect(results.findIndex(Boolean)).toBe(9); // 10 fragments of 0.2 s
    expect(results.filter(Boolean)).toEqual([
      {
        codec: 'h264',
        width: 160,
        height: 90,
        fps: 10,
        codecString: 'avc1.42C00A',
        profile: 'Constrained Baseline',
        level: '1',
      },
    ]);
    expect(probe.measured).toBe(true);
    // A restarted stream is measured again.
    probe.pushInit(init);
    expect(probe.measured).toBe(false);
    expect(fragments.map((f) => probe.pushFragment(f)).filter(Boolean)).toHaveLength(1);
  });

  it('a stall between two fragments does not move the rate (the median spacing, not the span)', () => {
    // From the 5th fragment on, every frame 0.15 s later: one stall, the frames still 10 a second.
    const stalled = fragments.map((f, i) => {
      if (i < 5) return f;
      const copy = Buffer.from(f);
      const at = copy.indexOf('tfdt', 0, 'latin1') + 4;
      const v1 = copy[at] === 1;
      const t = (v1 ? Number(copy.readBigUInt64BE(at + 4)) : copy.readUInt32BE(at + 4)) + 0.15 * 10240;
      if (v1) copy.writeBigUInt64BE(BigInt(t), at + 4);
      else copy.writeUInt32BE(t, at + 4);
      return copy;
    });
    const probe = new StreamInfoProbe();
    probe.pushInit(init);
    expect(stalled.map((f) => probe.pushFragment(f)).filter(Boolean)).toMatchObject([{ fps: 10 }]);
  });

  it('takes the rate from the decode times when the written durations are nominal (MJPEG stamped on arrival)', () => {
    // The same fragments, their frames twice as far apart in time: 5 fps, still written as 0.1 s each.
    const slowed = fragments.map((f) => {
      const copy = Buffer.from(f);
      const at = copy.indexOf('tfdt', 0, 'latin1') + 4;
      const v1 = copy[at] === 1;
      const t = v1 ? Number(copy.readBigUInt64BE(at + 4)) : copy.readUInt32BE(at + 4);
      if (v1) copy.writeBigUInt64BE(BigInt(t * 2), at + 4);
      else copy.writeUInt32BE(t * 2, at + 4);
      return copy;
    });
    const probe = new StreamInfoProbe();
    probe.pushInit(init);
    expect(slowed.map((f) => probe.pushFragment(f)).filter(Boolean)).toEqual([
      {
        codec: 'h264',
        width: 160,
        height: 90,
        fps: 5,
        codecString: 'avc1.42C00A',
        profile: 'Constrained Baseline',
        level: '1',
      },
    ]);
  });
});
