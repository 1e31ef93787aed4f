import { SNAPSHOT_WIDTH } from '../modules/live/live.module.ts';
import { KeyframeDecoders } from './keyframe-decoder.ts';
import { KeyframeJpegs } from './keyframe-jpeg.ts';
import { THUMBNAIL_WIDTH } from './thumbnail.ts';

/**
 * The recorder's long-lived keyframe ffmpegs (keyframe-pipe.ts), shared by every camera it holds;
 * each starts at its first keyframe and ends after a minute unused.
 */
export function createRecorderPipes(ffmpegPath: () => string, log: (msg: string) => void) {
  const pipes = {
    /** Every camera's motion keyframes to motion frames (decision 0022). */
    motion: new KeyframeDecoders(ffmpegPath, log),
    /** Motion events' pictures, from the keyframe that started each (decision 0024). */
    eventPictures: new KeyframeJpegs(ffmpegPath, log, THUMBNAIL_WIDTH),
    /** The frames AI providers are sent, from the live feed's newest keyframe. */
    aiFrames: new KeyframeJpegs(ffmpegPath, log, SNAPSHOT_WIDTH),
    stop() {
      pipes.motion.stop();
      pipes.eventPictures.stop();
      pipes.aiFrames.stop();
    },
  };
  return pipes;
}
