import type HlsType from 'hls.js';
import { ApiError } from '../../lib/api-client.ts';
import { deliveryFor } from '../../lib/browser-codec.ts';
import { liveTicket } from './api.ts';
import { moveIntoBuffered } from './buffered-seek.ts';
import { backoff, type PlayerOptions, type TransportPlayer } from './player-types.ts';
import { withRendition } from './rendition.ts';

/**
 * Live HLS, the last resort (Low-Latency HLS: under a second behind, where neither WebRTC nor MSE plays):
 * the browser's own HLS (Safari on iPhone) or hls.js, loaded only when this transport is used.
 */
export function nativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType('application/vnd.apple.mpegurl') !== '';
}

function hlsJsUsable(): boolean {
  const w = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof w.MediaSource !== 'undefined' || typeof w.ManagedMediaSource !== 'undefined';
}

/** A live HLS start takes 1–3 s (a playlist, the init and a part or two); five times that is a stall. */
const FIRST_PICTURE_MS = 15_000;

export class HlsPlayer implements TransportPlayer {
  private hls: HlsType | undefined;
  private running = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** Reconnects a player that loaded the stream but shows no picture (see FIRST_PICTURE_MS). */
  private watchdog: ReturnType<typeof setInterval> | undefined;

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
    clearInterval(this.watchdog);
    this.video.removeEventListener('playing', this.onPlaying);
    this.video.removeEventListener('error', this.onError);
    this.detach();
    this.opts.onState('stopped');
  }

  private onPlaying = () => {
    clearInterval(this.watchdog);
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
    // hls.js wherever Media Source exists (ManagedMediaSource on iOS 17.1+ included): it follows
    // the parts; Chromium's own HLS (since 2025) ignores them and plays ~4 s behind. The
    // browser's player is the fallback (older iOS Safari, which speaks LL-HLS itself).
    if (!hlsJsUsable() && nativeHls(this.video)) {
      this.video.src = url;
      this.video.play().catch(() => {});
      return;
    }
    const { default: Hls } = await import('hls.js');
    if (!this.running) return;
    if (!Hls.isSupported()) return this.opts.onState('failed');
    // The server speaks Low-Latency HLS: hls.js aims at PART-HOLD-BACK (three parts, ~0.6 s) behind
    // the live edge (liveSyncDuration(Count) here would override that with whole segments), and
    // plays up to 1.5× to get there after a slow start: measured 2.5 s behind without, 1.0 s with.
    const hls = new Hls({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5, backBufferLength: 10 });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (!data.fatal || this.hls !== hls) return;
      // 503: the camera is offline (the playlist waits for a first segment, then gives up);
      // 429: its rendition would be one transcode too many (live/transcode-limit).
      const code = (data.response as { code?: number } | undefined)?.code;
      // What went wrong, on the element, for whoever inspects a tile that does not play.
      this.video.dataset.lastError = `${data.details}${code ? ` ${code}` : ''}`;
      const offline = code === 503;
      const limit = code === 429;
      this.detach();
      this.scheduleRetry(offline, limit);
    });
    hls.loadSource(url);
    hls.attachMedia(this.video);
    this.video.play().catch(() => {});
    // Seldom (seen on a loaded machine), hls.js keeps the stream's metadata and never a frame, with
    // no error to act on. Each second without a picture, a playhead outside what is buffered is
    // moved into it (as the MSE player does); after FIRST_PICTURE_MS the player starts again, as a
    // person would reload.
    clearInterval(this.watchdog);
    const started = Date.now();
    this.watchdog = setInterval(() => {
      if (this.hls !== hls || this.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        clearInterval(this.watchdog);
        return;
      }
      if (Date.now() - started < FIRST_PICTURE_MS) return moveIntoBuffered(this.video);
      clearInterval(this.watchdog);
      this.video.dataset.lastError = `no picture in ${FIRST_PICTURE_MS / 1000} s`;
      this.detach();
      this.scheduleRetry(false);
    }, 1_000);
  }

  private scheduleRetry(offline: boolean, limit = false) {
    if (!this.running) return;
    this.opts.onState(limit ? 'limit' : offline ? 'offline' : 'reconnecting');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), backoff(this.attempt++));
  }
}
