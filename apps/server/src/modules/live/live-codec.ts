import { readVideoCodec } from '../../video/video-codec.ts';

/** Fallback when the init carries no parameter sets (should not happen with H.264 or H.265): Baseline 3.0. */
const FALLBACK_CODEC = 'avc1.42E01E';

/**
 * The MSE codec string of an init segment, from its parameter sets: `avc1.PPCCLL` for H.264,
 * `hvc1.…`/`hev1.…` for H.265 (video-codec.ts).
 */
export function codecFromInit(init: Buffer): string {
  const codec = readVideoCodec(init);
  return codec?.profile ? codec.codecString : FALLBACK_CODEC;
}
