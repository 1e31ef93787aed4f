/**
 * Export formats and limits as plain values, without zod: pages import these, and importing them
 * from the contract module would load all of its schemas and zod with them.
 */
/** One export covers at most this long: it is copied, never re-encoded, but still fills the disk. */
export const EXPORT_MAX_SECONDS = 3600;
/**
 * 'recorded': the footage as the camera sent it, copied (its SHA-256 is the evidence's); 'h264':
 * converted to H.264 so any player plays it (an H.265 camera's footage, for one).
 */
export const EXPORT_FORMATS = ['recorded', 'h264'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
