import type HlsType from 'hls.js';
import { ApiError } from '../../lib/api-client.ts';
import { deliveryFor } from '../../lib/browser-codec.ts';
import { liveTicket } from './api.ts';
import { backoff, type PlayerOptions, type TransportPlayer } from './player-types.ts';
import { withRendition } from './rendition.ts';

/**
 * Live HLS, the last resort (seconds behind, but plays where neither WebRTC nor MSE does):
 * the browser's own HLS (Safari on iPhone) or hls.js, loaded only when this transport is used.
 */
export function nativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

export class HlsPlayer implements TransportPlayer {
  private hls: HlsType | undefined;
  private running = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly opts: PlayerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.video.addEventListener('playing', this.onPlaying);
    this.video.addEventListener('error', this.onError);
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    this.video.removeEventListener('playing', this.onPlaying);
    this.video.removeEventListener('error', this.onError);
    this.detach();
    this.opts.onState('stopped');
  }

  private onPlaying = () => {
    this.attempt = 0;
    this.opts.onState('playing');
  };

  private onError = () => {
    if (this.running && !this.hls) this.scheduleRetry(false);
  };

  private detach() {
    this.hls?.destroy();
    this.hls = undefined;
    this.video.removeAttribute('src');
    this.video.load();
  }

  private async connect() {
    if (!this.running) return;
    this.opts.onState(this.attempt ? 'reconnecting' : 'connecting');
    let url: string;
    const delivery = deliveryFor(this.opts.codecString);
    try {
      url = withRendition((await liveTicket(this.opts.cameraId)).hlsUrl, delivery === 'rendition');
    } catch (e) {
      return this.scheduleRetry(e instanceof ApiError && e.code === 'unavailable');
    }
    this.opts.onDelivery?.(delivery);
    if (!this.running) return;
    if (nativeHls(this.video)) {
      this.video.src = url;
      this.video.play().catch(() => {});
      return;
    }
    const { default: Hls } = await import('hls.js');
    if (!this.running) return;
    if (!Hls.isSupported()) return this.opts.onState('failed');
    const hls = new Hls({ liveSyncDurationCount: 1, liveMaxLatencyDurationCount: 3, lowLatencyMode: false });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (!data.fatal || this.hls !== hls) return;
      // 503: the camera is offline (the playlist waits for a first segment, then gives up);
      // 429: its rendition would be one transcode too many (live/transcode-limit).
      const code = (data.response as { code?: number } | undefined)?.code;
      const offline = code === 503;
      const limit = code === 429;
      this.detach();
      this.scheduleRetry(offline, limit);
    });
    hls.loadSource(url);
    hls.attachMedia(this.video);
    this.video.play().catch(() => {});
  }

  private scheduleRetry(offline: boolean, limit = false) {
    if (!this.running) return;
    this.opts.onState(limit ? 'limit' : offline ? 'offline' : 'reconnecting');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), backoff(this.attempt++));
  }
}
