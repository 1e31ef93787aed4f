import { RTCRtpCodecParameters, type RTCRtpTransceiver, RtpHeader, RtpPacket } from 'werift';
import type { LiveChunk } from '../../video/live-feed.ts';
import { readSamples } from '../../video/mp4-samples.ts';
import type { OpusFeed } from './live-opus.ts';

/** Opus's RTP clock is 48 kHz whatever the sound's own rate (RFC 7587). */
const OPUS_CLOCK = 48_000;

export const OPUS = new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: OPUS_CLOCK, channels: 2 });

/**
 * The sound of one WebRTC session: each Opus packet of the camera's shared Opus feed becomes one
 * RTP packet (an Opus packet is a whole frame, no fragmenting). Its clock runs from the packets'
 * own timestamps, and on forward across a restart of the camera's stream.
 */
export class WebRtcAudio {
  private release: (() => void) | undefined;
  private unsubscribe: (() => void) | undefined;
  private seq = Math.floor(Math.random() * 65_536);
  private rtp = Math.floor(Math.random() * 2 ** 31);
  /** The first packet's decode time of the current stream, and the RTP time it was given. */
  private origin: { dts: number; rtp: number } | undefined;

  constructor(
    private readonly transceiver: RTCRtpTransceiver,
    private readonly opus: OpusFeed,
  ) {}

  start(): void {
    if (this.release) return;
    this.release = this.opus.acquire();
    this.unsubscribe = this.opus.feed.subscribe((c) => this.onChunk(c));
  }

  private onChunk(chunk: LiveChunk) {
    if (chunk.type === 'init') {
      this.origin = undefined;
      return;
    }
    const { timescale, samples } = readSamples(chunk.data, this.opus.feed.trackInfo);
    if (!timescale) return;
    for (const s of samples) {
      // A new stream goes on 20 ms after the last packet sent, never back in time.
      this.origin ??= { dts: s.dts, rtp: (this.rtp + OPUS_CLOCK / 50) >>> 0 };
      this.rtp = (this.origin.rtp + Math.round(((s.dts - this.origin.dts) * OPUS_CLOCK) / timescale)) >>> 0;
      this.seq = (this.seq + 1) & 0xffff;
      const header = new RtpHeader({ payloadType: 111, sequenceNumber: this.seq, timestamp: this.rtp, marker: false });
      void this.transceiver.sender.sendRtp(new RtpPacket(header, Buffer.from(s.data))).catch(() => {});
    }
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.release?.();
    this.release = undefined;
  }
}
