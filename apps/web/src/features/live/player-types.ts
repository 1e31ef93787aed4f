import type { Delivery } from '../../lib/browser-codec.ts';

/**
 * What a live tile shows ('stalled': connected, but no new frame for a few seconds; 'limit': the
 * server converts as many cameras as it may, rendition.ts).
 */
export type LiveState =
  | 'connecting'
  | 'playing'
  | 'stalled'
  | 'offline'
  | 'reconnecting'
  | 'unsupported'
  | 'stopped'
  | 'limit';

/** What one transport reports: a LiveState, or 'failed' (it cannot work here: try the next one). */
export type PlayerState = LiveState | 'failed';

export type Transport = 'webrtc' | 'mse' | 'hls';

export interface TransportPlayer {
  start(): void;
  stop(): void;
}

export interface PlayerOptions {
  cameraId: string;
  onState(state: PlayerState): void;
  /** Called just before the player takes its picture off the video, so the tile can keep it on screen. */
  holdFrame?(): void;
  /** What the camera sends (RFC 6381), when known: a browser that cannot decode it asks for the H.264 rendition. */
  codecString?: string | null;
  /** Which this tile gets: the camera's stream as sent, or the server's H.264 rendition. */
  onDelivery?(delivery: Delivery): void;
}

export const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];

export const backoff = (attempt: number) => BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
