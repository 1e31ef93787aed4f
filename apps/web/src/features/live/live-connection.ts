import type { Delivery } from '../../lib/browser-codec.ts';
import { HlsPlayer, nativeHls } from './hls-player.ts';
import { MsePlayer, mseSupported } from './mse-player.ts';
import type { LiveState, Transport, TransportPlayer } from './player-types.ts';
import { transportOrder } from './transports.ts';
import { WebRtcPlayer, webrtcSupported } from './webrtc-player.ts';

export interface LiveConnectionOptions {
  cameraId: string;
  preferred: Transport | 'auto';
  onState(state: LiveState): void;
  onTransport(transport: Transport | null): void;
  /** What the camera sends and which this tile gets (player-types.ts PlayerOptions). */
  codecString?: string | null;
  onDelivery?(delivery: Delivery): void;
}

/**
 * One tile's live video: tries the transports the browser supports, best first, and moves to
 * the next when one reports 'failed'; the tile shows which one plays.
 */
export class LiveConnection {
  private player: TransportPlayer | undefined;
  private order: Transport[] = [];
  private generation = 0;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly opts: LiveConnectionOptions,
  ) {}

  start(): void {
    const caps = {
      webrtc: webrtcSupported(),
      mse: mseSupported(),
      hls: nativeHls(this.video) || typeof MediaSource !== 'undefined',
    };
    this.order = transportOrder(caps, this.opts.preferred);
    this.tryAt(0);
  }

  stop(): void {
    this.generation++;
    this.player?.stop();
    this.player = undefined;
  }

  private tryAt(i: number) {
    const gen = ++this.generation;
    const transport = this.order[i];
    if (!transport) {
      this.opts.onTransport(null);
      this.opts.onState('unsupported');
      return;
    }
    const opts = {
      cameraId: this.opts.cameraId,
      codecString: this.opts.codecString,
      onDelivery: this.opts.onDelivery,
      onState: (s: LiveState | 'failed') => {
        if (gen !== this.generation) return;
        if (s === 'failed') {
          // Silence the failed player before it reports 'stopped'.
          this.generation++;
          this.player?.stop();
          this.tryAt(i + 1);
        } else this.opts.onState(s);
      },
    };
    this.player =
      transport === 'webrtc'
        ? new WebRtcPlayer(this.video, opts)
        : transport === 'mse'
          ? new MsePlayer(this.video, opts)
          : new HlsPlayer(this.video, opts);
    this.opts.onTransport(transport);
    this.player.start();
  }
}
