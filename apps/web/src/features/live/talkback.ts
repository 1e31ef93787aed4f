import { talkbackAnswer, talkbackHangUp } from './api.ts';
import { gathered } from './webrtc-player.ts';

export type TalkState = 'idle' | 'connecting' | 'talking';

/** The microphone was refused (by the person or the browser), as opposed to the server refusing. */
export class MicrophoneError extends Error {}

/** The server answered but the microphone's connection to it never came up (or dropped while held). */
export class TalkConnectionError extends Error {}

/** How long an answered connection may take to carry sound before the press is given up. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Push-to-talk through a camera's loudspeaker: while held, the microphone goes to the server over
 * WebRTC (one sendonly Opus track, offered whole, answered by one request), which sends it on to
 * the camera. Letting go stops the microphone at once and hangs up; a release that comes while the
 * connection is still being made hangs up as soon as it is made.
 */
export class Talkback {
  private pc: RTCPeerConnection | undefined;
  private stream: MediaStream | undefined;
  private session: string | undefined;
  private held = false;

  constructor(
    private readonly cameraId: string,
    private readonly onState: (s: TalkState) => void,
  ) {}

  async press(): Promise<void> {
    if (this.held) return;
    this.held = true;
    this.onState('connecting');
    const pc = new RTCPeerConnection();
    this.pc = pc;
    /** Released, or pressed again, while this press was connecting. */
    const stale = () => this.pc !== pc;
    try {
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
        });
      } catch (e) {
        throw new MicrophoneError((e as Error).message);
      }
      if (stale()) return stopTracks(stream);
      this.stream = stream;
      for (const track of stream.getAudioTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      if (stale()) return;
      const answer = await talkbackAnswer(this.cameraId, pc.localDescription!.sdp);
      if (stale()) return void talkbackHangUp(this.cameraId, answer.sessionId).catch(() => {});
      this.session = answer.sessionId;
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      // "Talking" only once the sound can flow: an answer alone does not mean the camera hears.
      await connected(pc);
      if (stale()) return;
      this.onState('talking');
    } catch (e) {
      if (!stale()) this.release();
      throw e;
    }
  }

  /** Let go: the microphone is off at once; the server hangs up the camera when asked. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.stream) stopTracks(this.stream);
    this.stream = undefined;
    this.pc?.close();
    this.pc = undefined;
    const session = this.session;
    this.session = undefined;
    if (session) void talkbackHangUp(this.cameraId, session).catch(() => {});
    this.onState('idle');
  }
}

function connected(pc: RTCPeerConnection): Promise<void> {
  if (pc.connectionState === 'connected') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      pc.removeEventListener('connectionstatechange', check);
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (pc.connectionState === 'connected') done();
      else if (pc.connectionState === 'failed') done(new TalkConnectionError('connection failed'));
      // Closed: released meanwhile; the press sees it is stale and stops quietly.
      else if (pc.connectionState === 'closed') done();
    };
    const timer = setTimeout(() => done(new TalkConnectionError('connection timed out')), CONNECT_TIMEOUT_MS);
    pc.addEventListener('connectionstatechange', check);
  });
}

function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
