/**
 * ONVIF discovery limits as plain values, without zod: pages import these, and importing them from
 * the contract module would load all of its schemas and zod with them.
 */
export const DISCOVERY_TARGETS_MAX = 32;
export const DISCOVERY_SECONDS_DEFAULT = 3;
