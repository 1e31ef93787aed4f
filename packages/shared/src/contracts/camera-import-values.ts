/**
 * ONVIF discovery limits and the CSV's columns and limits as plain values, without zod: pages
 * import these, and importing them from the contract module (or from the CSV check, which uses the
 * camera schemas) would load its schemas and zod with them.
 */
export const DISCOVERY_TARGETS_MAX = 32;
export const DISCOVERY_SECONDS_DEFAULT = 3;

/** The CSV's columns, in order (camera-import-csv.ts). */
export const CAMERA_IMPORT_COLUMNS = ['name', 'url', 'username', 'password', 'recording mode'] as const;
/** Lines of one import; past it the whole import is refused, never cut silently. */
export const CAMERA_IMPORT_MAX_LINES = 500;
/** Characters of one CSV: 500 lines of long URLs with room to spare. */
export const CAMERA_IMPORT_MAX_CHARS = 200_000;
