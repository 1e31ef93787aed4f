import type { Transport } from './player-types.ts';

/**
 * Which transports to try, best first (DESIGN §7, like go2rtc's player): WebRTC has the
 * lowest latency, MSE over WebSocket works where UDP does not, HLS plays where neither does
 * (iPhone Safari has no MediaSource). Pure, so the choice is tested without a browser.
 */
export const TRANSPORTS: readonly Transport[] = ['webrtc', 'mse', 'hls'];

export interface BrowserCaps {
  webrtc: boolean;
  mse: boolean;
  hls: boolean;
}

export function transportOrder(caps: BrowserCaps, preferred: Transport | 'auto' = 'auto'): Transport[] {
  const supported = TRANSPORTS.filter((t) => caps[t]);
  if (preferred === 'auto') return supported;
  // A chosen transport goes first; the others stay behind it so a tile still plays if it cannot.
  return supported.includes(preferred) ? [preferred, ...supported.filter((t) => t !== preferred)] : supported;
}

export function isTransport(v: string | null): v is Transport {
  return v === 'webrtc' || v === 'mse' || v === 'hls';
}
