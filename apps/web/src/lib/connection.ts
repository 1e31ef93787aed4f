/** What the connection banner (spec §1) shows, from what the monitor knows. */
export interface ConnectionState {
  /** The realtime stream delivered its `ready` event and has not failed since. */
  streamOpen: boolean;
  /** The server says it runs the embedded preview backend. */
  embedded: boolean;
  /** The server could not be reached (stream error confirmed by a failed health check). */
  unreachable: boolean;
}

export type BannerKind = 'connected' | 'disconnected' | null;

export function bannerKind(state: ConnectionState): BannerKind {
  if (state.unreachable) return 'disconnected';
  if (state.streamOpen && state.embedded) return 'connected';
  return null;
}

/**
 * Spec §1's banner is about the workspace's backend, so it belongs to the app: the public pages
 * (landing, about, sign-in) are the product's storefront and stay without it.
 */
export function bannerShownOn(route: { requiresAuth: boolean } | undefined): boolean {
  return route?.requiresAuth === true;
}

export const HEALTH_POLL_MS = 3000;
export const HEALTH_IDLE_POLL_MS = 15_000;
export const STREAM_RETRY_MS = 3000;
