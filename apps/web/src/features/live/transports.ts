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

/**
 * How a tile starts. Automatic shows a picture on the quickest transport and races WebRTC
 * beside it (like go2rtc's video-rtc.js, which starts MSE and WebRTC together): a WebSocket
 * needs no ICE or DTLS round trips, so MSE usually shows the first frame; the tile moves to
 * WebRTC, the lowest delay, once WebRTC has frames. `order` plays in the visible video, one
 * transport after another while they fail; `race` is tried in a hidden one after `raceAfterMs`
 * (at once, or later in the background when it did not connect from here recently). A chosen
 * transport plays alone, the others behind it as fallbacks.
 */
export interface StartPlan {
  order: Transport[];
  race: Transport | null;
  raceAfterMs: number;
}

/** Background retries of a transport remembered as unreachable, one after the other. */
export const RETRY_IN_BACKGROUND_MS = [30_000, 120_000, 600_000];

export function startPlan(
  caps: BrowserCaps,
  preferred: Transport | 'auto',
  unreachable: (t: Transport) => boolean,
): StartPlan {
  const order = transportOrder(caps, preferred);
  if (preferred !== 'auto' || !order.includes('webrtc') || order.length < 2)
    return { order, race: null, raceAfterMs: 0 };
  return {
    order: order.filter((t) => t !== 'webrtc'),
    race: 'webrtc',
    raceAfterMs: unreachable('webrtc') ? RETRY_IN_BACKGROUND_MS[0]! : 0,
  };
}
