import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { RtpPacket } from 'werift';
import { spawnTied } from '../../video/tied-spawn.ts';
import type { Backchannel } from './talkback-rtsp.ts';
import { OggOpusWriter } from './talkback-ogg.ts';
import { OPUS } from './webrtc-audio.ts';
import { completeAnswer, createPeer, type Peer, takeOffer, type WebRtcOptions } from './webrtc-session.ts';

/**
 * One person talking through one camera: the browser's microphone arrives over WebRTC as Opus (a
 * sendonly audio track; werift does ICE and DTLS-SRTP), ffmpeg turns it into G.711 µ-law at 8 kHz
 * and each 20 ms of it goes to the camera's backchannel as one RTP packet. ffmpeg starts with the
 * first packet and everything stops at once when the person lets go (close), so the loudspeaker
 * falls silent with the last packet already sent.
 */
const ULAW_ARGS = [
  ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
  // Ogg pages on a pipe, a packet each: no probing window, no clock but the packets' own.
  ...['-probesize', '32', '-analyzeduration', '0', '-fflags', 'nobuffer', '-f', 'ogg', '-i', 'pipe:0'],
  ...['-ac', '1', '-ar', '8000', '-c:a', 'pcm_mulaw', '-f', 'mulaw', '-flush_packets', '1', 'pipe:1'],
];
/** 20 ms of µ-law at 8 kHz: one RTP packet, as cameras expect them. */
const PACKET_BYTES = 160;
/** Opus's RTP clock (RFC 7587), whatever the sound's own rate. */
const OPUS_CLOCK = 48_000;
/** A browser that never connects, or whose network went away, stops talking after this. */
const CONNECT_TIMEOUT_MS = 10_000;
const DISCONNECTED_GRACE_MS = 2000;

export class TalkbackSession {
  readonly id = randomUUID();
  private readonly peer: Peer;
  private readonly ogg = new OggOpusWriter();
  private child: ChildProcess | undefined;
  private firstRtp: number | undefined;
  private pending: Buffer = Buffer.alloc(0);
  private sampleClock = Math.floor(Math.random() * 2 ** 31);
  private timer: NodeJS.Timeout;
  /** Opus packets from the browser's microphone, and RTP packets sent to the camera: what the log says. */
  received = 0;
  sent = 0;
  closed = false;
  private connectedAt: number | undefined;

  constructor(
    opts: WebRtcOptions,
    private readonly backchannel: Backchannel,
    private readonly ffmpegPath: string,
    private readonly onClose: (s: TalkbackSession) => void,
    /** A warning for the operator: a talk that connected and yet gave the loudspeaker nothing. */
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.peer = createPeer(opts, { audio: [OPUS] });
    this.timer = setTimeout(() => void this.close(), CONNECT_TIMEOUT_MS);
    this.peer.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        clearTimeout(this.timer);
        this.connectedAt ??= Date.now();
      } else if (state === 'failed' || state === 'closed') void this.close();
      else if (state === 'disconnected') {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.close(), DISCONNECTED_GRACE_MS);
      }
    });
    this.peer.pc.onTrack.subscribe((track) => {
      if (track.kind === 'audio') track.onReceiveRtp.subscribe((rtp) => this.onOpus(rtp));
    });
  }

  /** Takes the browser's offer (one sendonly audio m-line) and returns the complete answer. */
  async answer(offerSdp: string): Promise<string> {
    await takeOffer(this.peer, offerSdp);
    const audio = this.peer.pc.getTransceivers().find((t) => t.kind === 'audio');
    if (!audio) throw new Error('The offer has no audio');
    audio.setDirection('recvonly');
    return completeAnswer(this.peer);
  }

  private onOpus(rtp: RtpPacket) {
    if (this.closed || rtp.payload.length === 0) return;
    this.received++;
    const child = this.child ?? this.spawn();
    this.firstRtp ??= rtp.header.timestamp;
    // The granule is the end of this packet in 48 kHz samples; one packet's length (20 ms) is near enough.
    const elapsed = (rtp.header.timestamp - this.firstRtp) >>> 0;
    const granule = BigInt(elapsed + OPUS_CLOCK / 50);
    // A stuck encoder must not grow memory: the microphone is dropped until it drains.
    if (child.stdin!.writableLength > 64 * 1024) return;
    child.stdin!.write(this.ogg.packet(Buffer.from(rtp.payload), granule));
  }

  private spawn(): ChildProcess {
    const child = spawnTied(this.ffmpegPath, ULAW_ARGS, { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child = child;
    child.stdin!.on('error', () => {});
    child.stdin!.write(this.ogg.head());
    child.stdout!.on('data', (d: Buffer) => this.onUlaw(d));
    child.on('close', () => {
      if (this.child === child) void this.close();
    });
    return child;
  }

  private onUlaw(data: Buffer) {
    // The camera hung up (rebooted, or took another talker): nothing more to say to it.
    if (!this.backchannel.open) return void this.close();
    this.pending = this.pending.length ? Buffer.concat([this.pending, data]) : data;
    while (this.pending.length >= PACKET_BYTES) {
      this.backchannel.send(this.pending.subarray(0, PACKET_BYTES), this.sampleClock);
      this.sampleClock = (this.sampleClock + PACKET_BYTES) >>> 0;
      this.pending = this.pending.subarray(PACKET_BYTES);
      this.sent++;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    const silence = silenceReport({
      heldMs: this.connectedAt === undefined ? 0 : Date.now() - this.connectedAt,
      received: this.received,
      sent: this.sent,
      encoder: this.child !== undefined,
      cameraOpen: this.backchannel.open,
    });
    if (silence) this.warn(silence);
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
    this.onClose(this);
    await Promise.all([this.backchannel.close(), this.peer.pc.close().catch(() => {})]);
  }
}

/**
 * A press that connected for over a second and yet sent the camera nothing is worth a line in the
 * log, saying where the sound stopped: no microphone packets (the browser's side), or packets that
 * never became G.711 (the encoder), or a camera that hung up.
 */
export function silenceReport(s: {
  heldMs: number;
  received: number;
  sent: number;
  encoder: boolean;
  cameraOpen: boolean;
}): string | undefined {
  if (s.heldMs < 1000 || s.sent > 0) return undefined;
  return (
    `talk-back: held ${(s.heldMs / 1000).toFixed(1)} s with nothing sent to the camera ` +
    `(${s.received} microphone packets from the browser, encoder ${s.encoder ? 'running' : 'never started'}, ` +
    `camera connection ${s.cameraOpen ? 'open' : 'closed'})`
  );
}
