/** Fallback when the init has no avcC (should not happen with H.264): Baseline 3.0. */
const FALLBACK_CODEC = 'avc1.42E01E';

const hex = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/**
 * The MSE codec string of an H.264 init segment: `avc1.PPCCLL` from the avcC box's
 * profile, profile-compatibility and level bytes (RFC 6381).
 */
export function codecFromInit(init: Buffer): string {
  const at = init.indexOf('avcC', 0, 'latin1');
  // After the type: configurationVersion (1), then profile, compatibility, level.
  if (at < 0 || at + 8 > init.length) return FALLBACK_CODEC;
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}
