import { randomUUID } from 'node:crypto';
import { RTCPeerConnection, RTCRtpCodecParameters, type RTCRtpTransceiver, RtpHeader, RtpPacket } from 'werift';
import { type AvcConfig, frameNals, packetizeNals, readAvcConfig } from '../../video/h264-rtp.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownAddresses } from '../../lib/outbound-policy.ts';
import type { LiveChunk, LiveFeed } from '../../video/live-feed.ts';
import { readSamples } from '../../video/mp4-samples.ts';
import type { OpusFeed } from './live-opus.ts';
import { OPUS, WebRtcAudio } from './webrtc-audio.ts';

/**
 * One browser watching one camera over WebRTC. The camera's H.264 is never decoded: the live
 * feed's samples are cut into RTP packets (h264-rtp.ts) and sent through werift, which does
 * ICE, DTLS-SRTP and RTCP. Each session subscribes to the camera's one LiveFeed, so a camera
 * is still connected to once however many people watch it.
 */
const RTP_CLOCK = 90_000;
/** Answer time budget for gathering our candidates (host candidates only: milliseconds). */
const GATHER_TIMEOUT_MS = 3000;
/** A session that never connects (browser went away mid-handshake) is closed after this. */
const CONNECT_TIMEOUT_MS = 20_000;
const DISCONNECTED_GRACE_MS = 10_000;

export interface WebRtcOptions {
  /**
   * Addresses to offer as ICE host candidates besides the machine's interfaces (e.g. a public
   * IP behind NAT, or 127.0.0.1 for a browser on the same machine). When `onlyAddresses` is
   * set, only those are offered and bound.
   */
  additionalHostAddresses?: string[];
  /**
   * Set when the server listens on loopback (HOST=127.0.0.1, `npm start`'s default): WebRTC then
   * talks to this machine only (see thisMachineOnly()).
   */
  onlyAddress?: string;
  /** UDP port range for ICE, e.g. to open it in a firewall. */
  portRange?: [number, number];
  /** STUN servers for a server-reflexive candidate behind NAT; none by default (werift's default asks Google). */
  stunUrls?: string[];
}

const H264 = new RTCRtpCodecParameters({
  mimeType: 'video/H264',
  clockRate: RTP_CLOCK,
  rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
  // Camera streams are any profile; browsers decode them whatever this says (packetization-mode=1: FU-A).
  parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1',
});

export class WebRtcSession {
  readonly id = randomUUID();
  private readonly pc: RTCPeerConnection;
  private transceiver: RTCRtpTransceiver | undefined;
  /** The camera's sound, when the browser asked for it (an audio m-line) and the camera has it. */
  private audio: WebRtcAudio | undefined;
  private unsubscribe: (() => void) | undefined;
  private config: AvcConfig | undefined;
  private tracks: LiveFeed['trackInfo'] = new Map();
  private seq = Math.floor(Math.random() * 65_536);
  /** RTP time of the last frame sent, and that frame's presentation time in seconds. */
  private lastRtp = Math.floor(Math.random() * 2 ** 31);
  private lastPts: number | undefined;
  private catchingUp = false;
  private waitingKeyframe = true;
  private connectTimer: NodeJS.Timeout;
  closed = false;

  private readonly peer: Peer;

  constructor(
    private readonly feed: LiveFeed,
    opts: WebRtcOptions,
    private readonly onClose: (s: WebRtcSession) => void,
    /** The camera's sound as Opus (shared by its WebRTC viewers); absent: picture only. */
    private readonly opus?: OpusFeed,
  ) {
    this.peer = createPeer(opts, { video: [H264], audio: [OPUS] });
    this.pc = this.peer.pc;
    this.connectTimer = setTimeout(() => void this.close(), CONNECT_TIMEOUT_MS);
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        clearTimeout(this.connectTimer);
        this.start();
      } else if (state === 'failed' || state === 'closed') {
        void this.close();
      } else if (state === 'disconnected') {
        // ICE may recover from a short outage; a browser that left for good is closed here.
        clearTimeout(this.connectTimer);
        this.connectTimer = setTimeout(() => void this.close(), DISCONNECTED_GRACE_MS);
      }
    });
  }

  /** Takes the browser's offer (a recvonly video m-line, and one for sound) and returns the complete answer. */
  async answer(offerSdp: string): Promise<string> {
    await takeOffer(this.peer, offerSdp);
    const video = this.pc.getTransceivers().find((t) => t.kind === 'video');
    if (!video) throw new Error('The offer has no video');
    video.setDirection('sendonly');
    this.transceiver = video;
    const audio = this.pc.getTransceivers().find((t) => t.kind === 'audio');
    if (audio) {
      audio.setDirection(this.opus ? 'sendonly' : 'inactive');
      if (this.opus) this.audio = new WebRtcAudio(audio, this.opus);
    }
    return completeAnswer(this.peer);
  }

  private start() {
    if (this.unsubscribe || this.closed) return;
    // The feed hands over the init and the fragments since the last keyframe synchronously:
    // those are sent at once with near-equal timestamps so the picture starts at the live edge.
    this.catchingUp = true;
    this.unsubscribe = this.feed.subscribe((chunk) => this.onChunk(chunk));
    this.catchingUp = false;
    this.audio?.start();
  }

  private onChunk(chunk: LiveChunk) {
    if (chunk.type === 'init') {
      this.config = readAvcConfig(chunk.data);
      this.tracks = this.feed.trackInfo;
      // A restarted stream starts its clock again: keep ours running forward.
      this.lastPts = undefined;
      this.waitingKeyframe = true;
      return;
    }
    if (!this.config) return;
    // The picture's samples only: the feed's fragments of sound go out as Opus (webrtc-audio.ts).
    const { timescale, samples } = readSamples(chunk.data, this.tracks, this.feed.videoTrack);
    if (!timescale) return;
    for (const s of samples) {
      if (this.waitingKeyframe && !s.keyframe) continue;
      this.waitingKeyframe = false;
      const pts = (s.dts + s.cto) / timescale;
      let step = this.lastPts === undefined ? RTP_CLOCK / 30 : Math.round((pts - this.lastPts) * RTP_CLOCK);
      if (this.catchingUp) step = 90; // 1 ms apart: decoded and shown at once, not played back
      this.lastPts = pts;
      this.lastRtp = (this.lastRtp + Math.max(1, step)) >>> 0;
      this.sendFrame(packetizeNals(frameNals(s.data, this.config, s.keyframe)), this.lastRtp);
    }
  }

  private sendFrame(payloads: Buffer[], timestamp: number) {
    const sender = this.transceiver?.sender;
    if (!sender) return;
    for (const [i, payload] of payloads.entries()) {
      this.seq = (this.seq + 1) & 0xffff;
      const header = new RtpHeader({
        payloadType: 96,
        sequenceNumber: this.seq,
        timestamp,
        marker: i === payloads.length - 1,
      });
      void sender.sendRtp(new RtpPacket(header, payload)).catch(() => {});
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    this.unsubscribe?.();
    this.audio?.stop();
    this.onClose(this);
    await this.pc.close().catch(() => {});
  }
}

/** A peer connection as this server makes them, and what its answers need to know of the options. */
export interface Peer {
  pc: RTCPeerConnection;
  local: LocalPeers | undefined;
  stun: boolean;
}

export function createPeer(
  opts: WebRtcOptions,
  codecs: { video?: RTCRtpCodecParameters[]; audio?: RTCRtpCodecParameters[] },
): Peer {
  const local = opts.onlyAddress ? thisMachineOnly(opts.onlyAddress) : undefined;
  const pc = new RTCPeerConnection({
    codecs,
    iceServers: (opts.stunUrls ?? []).map((urls) => ({ urls })),
    iceAdditionalHostAddresses: local ? [local.loopback] : opts.additionalHostAddresses,
    iceFilterCandidatePair: local ? (pair) => local.has(pair.remoteCandidate.host) : undefined,
    // Checks from elsewhere get no answer: without one no pair forms, so nothing is ever sent there.
    iceFilterStunResponse: local ? (_m, addr) => local.has(addr[0]) : undefined,
    icePortRange: opts.portRange,
    iceUseIpv6: false,
  });
  return { pc, local, stun: Boolean(opts.stunUrls?.length) };
}

/** The browser's offer, as the remote description (its transceivers then exist, to be given directions). */
export async function takeOffer(peer: Peer, offerSdp: string): Promise<void> {
  // On loopback, the browser's candidates elsewhere are dropped before werift sees them: its mDNS
  // names (xxxx.local) would make werift ask the network by multicast DNS. Its checks reach us
  // anyway, from an address of this machine, and pair as peer-reflexive candidates.
  await peer.pc.setRemoteDescription({ type: 'offer', sdp: onlyCandidates(offerSdp, peer.local) });
  if (!peer.stun) withoutDefaultStun(peer.pc);
}

/** The complete answer: no trickle, it carries every candidate, so signalling is one request. */
export async function completeAnswer({ pc, local }: Peer): Promise<string> {
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== 'complete') {
    await Promise.race([
      pc.iceGatheringStateChange.watch((s) => s === 'complete'),
      new Promise((r) => setTimeout(r, GATHER_TIMEOUT_MS)),
    ]);
  }
  return onlyCandidates(pc.localDescription!.sdp, local);
}

/** The answer to a browser's offer; an offer that cannot be used closes the session and is the caller's error. */
export async function answerOrRefuse(
  session: { answer(offer: string): Promise<string>; close(): Promise<void> },
  offer: string,
): Promise<string> {
  try {
    return await session.answer(offer);
  } catch {
    await session.close();
    throw new AppError('invalid-argument', 'The WebRTC offer could not be used.', { sdp: 'not a usable offer' });
  }
}

/**
 * A server bound to loopback must only ever talk to this machine, yet a browser on it offers no
 * loopback candidate (Chromium leaves loopback out unless started with a developer flag, which
 * nobody does) and hides its own addresses behind mDNS
 * names. What pairs is the browser's socket on this machine's interface address (192.0.2.2,
 * say) talking to ours, or its wildcard socket reaching our 127.0.0.1 from 127.0.0.1: both stay
 * inside this machine, since the kernel delivers a packet between two of its own addresses over
 * loopback. So in this mode the answer offers 127.0.0.1 and this machine's own addresses, and a
 * check or a pair is accepted only from one of those addresses: a peer anywhere else gets no STUN
 * answer, no pair forms with it and no media goes to it, the same as before for off-host peers.
 * The set is read per session, so an address the machine gains later is known to the next viewer.
 */
export interface LocalPeers {
  loopback: string;
  has(address: string): boolean;
}

export function thisMachineOnly(loopback: string, own: Set<string> = ownAddresses()): LocalPeers {
  return { loopback, has: (address) => isLoopback(address) || own.has(address.toLowerCase()) };
}

/**
 * In loopback mode, the candidates of an SDP that are on this machine: for our answer (werift's
 * are all on it, but one added by other options must not leak off-host) and for the browser's
 * offer (nothing is looked up or checked elsewhere).
 */
export function onlyCandidates(sdp: string, local: LocalPeers | undefined): string {
  if (!local) return sdp;
  return sdp
    .split('\r\n')
    .filter((line) => !line.startsWith('a=candidate:') || local.has(line.split(' ')[4] ?? ''))
    .join('\r\n');
}

/**
 * werift-ice falls back to stun.l.google.com when no STUN server is configured, and candidate
 * gathering then waits 5 s for it. A server answers from its own addresses (or the ones
 * configured), and must not call a third party unasked: clear it before gathering starts.
 */
export function withoutDefaultStun(pc: RTCPeerConnection): void {
  for (const t of pc.iceTransports) (t.connection as { stunServer?: unknown }).stunServer = undefined;
}

const isLoopback = (host: string) => /^127\./.test(host) || host === '::1';
