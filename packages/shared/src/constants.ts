/** Spec §9 business constants. */
export const TRIAL_DAYS = 7;
export const MIN_PASSWORD_LENGTH = 6;
export const CALLABLE_TIMEOUT_MS = 70_000;
export const DEVICE_TOKEN_REFRESH_DAYS = 7;
export const NOTIFICATION_DISPLAY_MS = 5000;
export const DEFAULT_LIMITS = { maxCameras: 10, maxRecordings: 100, maxStorage: 10, aiAnalysisQuota: 0 } as const;
export const DEFAULT_USAGE = { camerasCount: 0, recordingsCount: 0, storageUsed: 0, aiAnalysisUsed: 0 } as const;
export const DEFAULT_NOTIFICATIONS = { email: true, push: true, sms: false } as const;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_THEME = 'light';
export const DEFAULT_PLATFORM = 'web';
export const SUPPORTED_LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const SESSION_DAYS = 30;
export const PASSWORD_RESET_MINUTES = 60;
/** Login throttle: this many failures for one email (or one address) within the window lock it. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
export const SIGNED_URL_SECONDS = 300;
export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;
/** The built-in test-pattern camera: small and slow enough to cost a few % of a core to encode. */
export const TEST_PATTERN_VIDEO = { codec: 'h264', width: 640, height: 360, fps: 15 } as const;
/**
 * "On motion" recording keeps the video from this long before the motion starts until this long
 * after it stops (in whole segments, so at least this much).
 */
export const MOTION_PRE_ROLL_SECONDS = 5;
export const MOTION_POST_ROLL_SECONDS = 10;
