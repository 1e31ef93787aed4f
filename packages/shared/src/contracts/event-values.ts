/**
 * Event kinds, severities and their defaults as plain values, without zod: the web app imports
 * these on many pages, and importing them from the contract module would bring every schema of
 * that module and zod along.
 */
export const EVENT_KINDS = [
  'motion',
  'camera.offline',
  'camera.online',
  'recording.gap',
  'storage.pruned',
  'ai.detection',
  'camera.tamper',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const EVENT_SEVERITIES = ['alert', 'info'] as const;
export type EventSeverity = (typeof EVENT_SEVERITIES)[number];

/**
 * What a camera's events weigh when nothing else is set. Motion (and later AI) is an alert only
 * while the camera is armed; the health kinds do not depend on arming: a camera that goes dark at
 * night is as much a problem as one that goes dark by day.
 */
export const DEFAULT_EVENT_SEVERITY: Record<EventKind, EventSeverity> = {
  motion: 'alert',
  'camera.offline': 'alert',
  'camera.online': 'info',
  'recording.gap': 'info',
  'storage.pruned': 'info',
  'ai.detection': 'alert',
  // Covered, turned or blinded: whoever does it means it, armed or not.
  'camera.tamper': 'alert',
};
/** Who saw an event: Vigil's own analysis or the camera's (its ONVIF events). */
export const EVENT_SOURCES = ['vigil', 'camera'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];
/** Kinds whose alerts count only while the camera is armed. */
export const ARMED_KINDS: readonly EventKind[] = ['motion', 'ai.detection'];
