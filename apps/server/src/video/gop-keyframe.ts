import { keyframeAnnexB, keyframeFormat } from './keyframe-annexb.ts';
import type { RawKeyframe } from './keyframe-pipe.ts';
import { readBoxes } from './mp4-boxes.ts';
import { readTracks, trackOf } from './mp4-init.ts';
import { readSamples } from './mp4-samples.ts';

/**
 * The keyframe that starts an fMP4 GOP (the init, then fragments from a keyframe, as a viewer
 * joining the live feed gets them: live-snapshot.ts currentGop). Undefined when the picture's
 * codec is not one the pipes decode, or no picture fragment holds a keyframe. Pure.
 */
export function gopKeyframe(mp4: Buffer): RawKeyframe | undefined {
  const boxes = readBoxes(mp4);
  const moov = boxes.find((b) => b.type === 'moov');
  if (!moov) return undefined;
  const format = keyframeFormat(mp4.subarray(0, moov.end));
  if (!format) return undefined;
  const tracks = readTracks(mp4, moov);
  const video = trackOf(tracks);
  for (let i = 0; i + 1 < boxes.length; i++) {
    if (boxes[i]!.type !== 'moof') continue;
    // Fragments of sound carry no picture sample: the first with one is the GOP's keyframe.
    const [sample] = readSamples(mp4.subarray(boxes[i]!.start, boxes[i + 1]!.end), tracks, video).samples;
    if (!sample) continue;
    const annexB = sample.keyframe ? keyframeAnnexB(sample.data, format) : undefined;
    return annexB && { codec: format.codec, size: format.size, annexB };
  }
  return undefined;
}
