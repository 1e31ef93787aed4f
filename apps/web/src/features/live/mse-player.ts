/**
 * Plays a camera's live fragmented MP4 from a WebSocket through Media Source Extensions.
 * Protocol (server modules/live): a text message `{ codec }` starts (or restarts) a stream,
 * the next binary message is its init segment, the following ones are moof+mdat fragments.
 */
import { browserDecodes } from '../../lib/browser-codec.ts';
import { liveTicket } from './api.ts';
import { backoff, type PlayerOptions, type TransportPlayer } from './player-types.ts';
import { TRANSCODE_LIMIT_CLOSE, withRendition } from './rendition.ts';

/** Further behind the live edge than this, jump to it: a surveillance view must stay current. */
const MAX_LATENCY_S = 1;
/** Where a jump lands, and the lag above which playback speeds up a little. */
const EDGE_S = 0.1;
const CATCH_UP_S = 0.25;
/** Keep this much played video; older data is removed so memory stays flat. */
const KEEP_S = 30;
/** Close codes from the server (modules/live/live.routes.ts). */
const OFFLINE = 4404;

export function mseSupported(codec = 'avc1.42E01E'): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(`video/mp4; codecs="${codec}"`);
}

export class MsePlayer implements TransportPlayer {
  private ws: WebSocket | undefined;
  private source: MediaSource | undefined;
  private buffer: SourceBuffer | undefined;
  private queue: ArrayBuffer[] = [];
  private objectUrl: string | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private running = false;
  /** Asking for the camera's H.264 rendition (this browser does not decode what the camera sends). */
  private rendition = false;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly opts: PlayerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    if (!mseSupported()) {
      this.opts.onState('failed');
      return;
    }
    this.running = true;
    this.attempt = 0;
    this.rendition = !browserDecodes(this.opts.codecString);
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    this.closeSocket();
    this.detach();
    this.opts.onState('stopped');
  }

  private async connect() {
    if (!this.running) return;
    this.opts.onState(this.attempt ? 'reconnecting' : 'connecting');
    let url: string;
    try {
      // A fresh ticket for every (re)connection: tickets are short-lived.
      url = withRendition((await liveTicket(this.opts.cameraId)).socketUrl, this.rendition);
    } catch {
      this.scheduleRetry(false);
      return;
    }
    if (!this.running) return;
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onmessage = (e) => {
      if (typeof e.data === 'string') this.onCodec(e.data);
      else this.enqueue(e.data as ArrayBuffer);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.scheduleRetry(e.code === OFFLINE, e.code === TRANSCODE_LIMIT_CLOSE);
    };
  }

  private closeSocket() {
    const ws = this.ws;
    this.ws = undefined;
    if (ws) {
      ws.onmessage = null;
      ws.onclose = null;
      ws.close();
    }
  }

  private scheduleRetry(offline: boolean, limit = false) {
    if (!this.running) return;
    this.opts.onState(limit ? 'limit' : offline ? 'offline' : 'reconnecting');
    const delay = backoff(this.attempt);
    this.attempt++;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), delay);
  }

  /** A new stream (first, or the camera restarted): a fresh MediaSource for its codec. */
  private onCodec(text: string) {
    let codec: string;
    let rendition: boolean;
    try {
      ({ codec, rendition = false } = JSON.parse(text) as { codec: string; rendition?: boolean });
    } catch {
      return;
    }
    this.detach();
    const mime = `video/mp4; codecs="${codec}"`;
    if (!MediaSource.isTypeSupported(mime) && !rendition) {
      // The camera sends what this browser cannot decode (its codec was not known before): its rendition.
      this.rendition = true;
      this.closeSocket();
      void this.connect();
      return;
    }
    this.opts.onDelivery?.(rendition ? 'rendition' : 'asSent');
    if (!MediaSource.isTypeSupported(mime)) {
      this.running = false;
      this.closeSocket();
      this.opts.onState('failed');
      return;
    }
    const source = new MediaSource();
    this.source = source;
    this.objectUrl = URL.createObjectURL(source);
    this.video.src = this.objectUrl;
    source.addEventListener(
      'sourceopen',
      () => {
        if (this.source !== source) return;
        const sb = source.addSourceBuffer(mime);
        sb.mode = 'segments';
        sb.addEventListener('updateend', () => this.onUpdateEnd());
        this.buffer = sb;
        this.pump();
      },
      { once: true },
    );
  }

  private enqueue(data: ArrayBuffer) {
    // Fragments before any codec message cannot be played: ignore them.
    if (!this.source) return;
    this.queue.push(data);
    // A stalled decoder must not grow memory: drop the backlog, the next stream restart recovers.
    if (this.queue.length > 200) this.queue.splice(1, this.queue.length - 1);
    this.pump();
  }

  private pump() {
    const sb = this.buffer;
    if (!sb || sb.updating || !this.queue.length) return;
    try {
      sb.appendBuffer(this.queue.shift()!);
    } catch {
      // QuotaExceeded or a broken stream: start over on a new connection.
      this.closeSocket();
      this.detach();
      this.scheduleRetry(false);
    }
  }

  private onUpdateEnd() {
    const sb = this.buffer;
    const v = this.video;
    if (!sb) return;
    const ranges = sb.buffered;
    if (ranges.length) {
      const start = ranges.start(0);
      const end = ranges.end(ranges.length - 1);
      const lag = end - v.currentTime;
      if (lag > MAX_LATENCY_S || v.currentTime < start) v.currentTime = Math.max(start, end - EDGE_S);
      // A little behind: play slightly faster to catch up, without a visible jump.
      else v.playbackRate = lag > CATCH_UP_S ? 1.1 : 1;
      if (v.paused) {
        v.play().catch(() => {
          // Autoplay refused: muted video normally plays; the user can press play otherwise.
        });
      }
      if (this.attempt) this.attempt = 0;
      this.opts.onState('playing');
      if (v.currentTime - start > KEEP_S && !sb.updating) {
        sb.remove(start, v.currentTime - 10);
        return;
      }
    }
    this.pump();
  }

  private detach() {
    this.queue = [];
    this.buffer = undefined;
    this.source = undefined;
    if (this.objectUrl) {
      this.opts.holdFrame?.();
      URL.revokeObjectURL(this.objectUrl);
      this.objectUrl = undefined;
      this.video.removeAttribute('src');
      this.video.load();
    }
  }
}
