/**
 * Recording modes and camera statuses as plain values, without zod: the web app imports these on
 * many pages, and importing them from the contract module would bring every schema of that module
 * and zod along.
 */
export const RECORDING_MODES = ['continuous', 'motion', 'off'] as const;
export type RecordingMode = (typeof RECORDING_MODES)[number];
export const CAMERA_STATUSES = ['online', 'offline', 'reconnecting', 'disabled'] as const;
export type CameraStatus = (typeof CAMERA_STATUSES)[number];
