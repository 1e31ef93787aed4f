import { ApiError } from '../../lib/api-client.ts';
import { webrtcAnswer, webrtcHangUp } from './api.ts';
import { browserDecodes, isH264 } from '../../lib/browser-codec.ts';
import { isTranscodeLimit } from './rendition.ts';
import { backoff, type PlayerOptions, type TransportPlayer } from './player-types.ts';

/**
 * Plays a camera over WebRTC: a recvonly offer with every candidate gathered, answered by one
 * request (modules/live); the server sends the camera's H.264 (and its sound as Opus) as it arrives, so the jitter
 * buffer is asked to keep as little as it can. A first connection that never plays reports
 * 'failed' (UDP blocked, say) so the tile falls back to MSE; after it has played once,
 * trouble means reconnecting.
 */
const FIRST_PLAY_TIMEOUT_MS = 10_000;
const GATHER_TIMEOUT_MS = 2000;
const DISCONNECTED_GRACE_MS = 4000;

export function webrtcSupported(): boolean {
  return typeof RTCPeerConnection !== 'undefined';
}

/** Waits for every ICE candidate (no trickle: signalling is one request), at most GATHER_TIMEOUT_MS. */
export function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, GATHER_TIMEOUT_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

export class WebRtcPlayer implements TransportPlayer {
  private pc: RTCPeerConnection | undefined;
  private session: string | undefined;
  private running = false;
  private played = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly opts: PlayerOptions,
  ) {}

  start(): void {
    if (this.running) return;
    if (!webrtcSupported()) {
      this.opts.onState('failed');
      return;
    }
    this.running = true;
    this.video.addEventListener('playing', this.onPlaying);
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retry);
    clearTimeout(this.watchdog);
    this.video.removeEventListener('playing', this.onPlaying);
    this.hangUp();
    this.opts.onState('stopped');
  }

  private onPlaying = () => {
    if (!this.running) return;
    this.played = true;
    this.attempt = 0;
    clearTimeout(this.watchdog);
    this.opts.onState('playing');
  };

  private hangUp() {
    const pc = this.pc;
    this.pc = undefined;
    if (pc) {
      pc.onconnectionstatechange = null;
      pc.ontrack = null;
      pc.close();
    }
    if (this.session) webrtcHangUp(this.opts.cameraId, this.session);
    this.session = undefined;
    if (this.video.srcObject) this.opts.holdFrame?.();
    this.video.srcObject = null;
  }

  private async connect() {
    if (!this.running) return;
    this.opts.onState(this.attempt ? 'reconnecting' : 'connecting');
    const pc = new RTCPeerConnection({ iceServers: [] });
    this.pc = pc;
    pc.addTransceiver('video', { direction: 'recvonly' });
    // The camera's sound (Opus): the tile starts muted, its button unmutes.
    pc.addTransceiver('audio', { direction: 'recvonly' });
    // One stream for the picture and the sound, whichever track arrives first.
    const stream = new MediaStream();
    pc.ontrack = (e) => {
      // Ask for the smallest playout delay the browser allows: a live camera, not a film.
      const receiver = e.receiver as RTCRtpReceiver & { jitterBufferTarget?: number; playoutDelayHint?: number };
      if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
      if ('playoutDelayHint' in receiver) receiver.playoutDelayHint = 0;
      stream.addTrack(e.track);
      if (this.video.srcObject !== stream) this.video.srcObject = stream;
      this.video.play().catch(() => {});
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'failed') this.fail();
      else if (pc.connectionState === 'disconnected') {
        clearTimeout(this.watchdog);
        this.watchdog = setTimeout(() => this.pc === pc && this.fail(), DISCONNECTED_GRACE_MS);
      } else if (pc.connectionState === 'connected' && this.played) clearTimeout(this.watchdog);
    };
    if (!this.played) {
      clearTimeout(this.watchdog);
      this.watchdog = setTimeout(() => this.pc === pc && this.fail(), FIRST_PLAY_TIMEOUT_MS);
    }
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      if (this.pc !== pc) return;
      const answer = await webrtcAnswer(this.opts.cameraId, pc.localDescription!.sdp);
      if (this.pc !== pc) {
        webrtcHangUp(this.opts.cameraId, answer.sessionId);
        return;
      }
      this.session = answer.sessionId;
      // WebRTC carries H.264: anything else comes as the server's rendition.
      this.opts.onDelivery?.(isH264(this.opts.codecString) ? 'asSent' : 'rendition');
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
    } catch (e) {
      if (this.pc !== pc) return;
      // The camera is down: keep trying this transport, it is not WebRTC's fault.
      if (e instanceof ApiError && e.code === 'unavailable') return this.scheduleRetry(true);
      // Its rendition would be one transcode too many: MSE does better only where the browser decodes the camera's codec.
      if (isTranscodeLimit(e))
        return browserDecodes(this.opts.codecString) ? this.fail() : this.scheduleRetry(false, true);
      this.fail();
    }
  }

  private fail() {
    if (!this.running) return;
    clearTimeout(this.watchdog);
    this.hangUp();
    if (!this.played) {
      this.running = false;
      this.opts.onState('failed');
      return;
    }
    this.scheduleRetry(false);
  }

  private scheduleRetry(offline: boolean, limit = false) {
    if (!this.running) return;
    clearTimeout(this.watchdog);
    this.hangUp();
    this.opts.onState(limit ? 'limit' : offline ? 'offline' : 'reconnecting');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), backoff(this.attempt++));
  }
}
