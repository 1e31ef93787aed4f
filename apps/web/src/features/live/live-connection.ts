import type { Delivery } from '../../lib/browser-codec.ts';
import { HlsPlayer, nativeHls } from './hls-player.ts';
import { MsePlayer, mseSupported } from './mse-player.ts';
import type { LiveState, PlayerState, Transport, TransportPlayer } from './player-types.ts';
import { TransportMemory } from './transport-memory.ts';
import { RETRY_IN_BACKGROUND_MS, startPlan } from './transports.ts';
import { WebRtcPlayer, webrtcSupported } from './webrtc-player.ts';

export interface LiveConnectionOptions {
  cameraId: string;
  preferred: Transport | 'auto';
  onState(state: LiveState): void;
  onTransport(transport: Transport | null): void;
  /** Which of the two videos is on screen (the other one warms up a transport out of sight). */
  onShow(index: 0 | 1): void;
  /** The shown video is about to lose its picture: keep its current frame on screen. */
  holdFrame(video: HTMLVideoElement): void;
  /** What the camera sends and which this tile gets (player-types.ts PlayerOptions). */
  codecString?: string | null;
  onDelivery?(delivery: Delivery): void;
  memory?: TransportMemory;
}

/** No new frame for this long while 'playing': the tile says the picture has stopped. */
const STALL_MS = 4000;
const STALL_CHECK_MS = 500;

/** One transport playing into one of the tile's two videos. */
interface Slot {
  video: HTMLVideoElement;
  player?: TransportPlayer;
  transport?: Transport;
  /** Bumped whenever the slot's player is replaced: late callbacks of an old one are ignored. */
  generation: number;
}

/**
 * One tile's live video. It plays the start plan (transports.ts): the quick transport in the
 * shown video, one after another while they fail, and on Automatic WebRTC in the hidden one;
 * when WebRTC plays, its video is shown and the other transport stops, so the picture never
 * goes black in between. What fails is remembered (TransportMemory) and retried in the
 * background later; a transport that played and drops reconnects by itself (the players).
 */
export class LiveConnection {
  private readonly slots: [Slot, Slot];
  private shown: 0 | 1 = 0;
  private order: Transport[] = [];
  private at = 0;
  private race: Transport | null = null;
  private racing = false;
  private retries = 0;
  private raceTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly memory: TransportMemory;
  private running = false;
  /** The state last said to the tile, and the stall watch over the shown video. */
  private state: LiveState | undefined;
  private watch: ReturnType<typeof setInterval> | undefined;
  private lastProgress = -1;
  private lastMove = 0;
  /** Frames presented by the shown video (requestVideoFrameCallback), where the browser counts them. */
  private frames = 0;
  private readonly counting = new WeakSet<HTMLVideoElement>();

  constructor(
    videos: [HTMLVideoElement, HTMLVideoElement],
    private readonly opts: LiveConnectionOptions,
  ) {
    this.slots = [
      { video: videos[0], generation: 0 },
      { video: videos[1], generation: 0 },
    ];
    this.memory = opts.memory ?? TransportMemory.forThisPage();
  }

  start(): void {
    this.running = true;
    const video = this.slots[0].video;
    const caps = {
      webrtc: webrtcSupported(),
      mse: mseSupported(),
      hls: nativeHls(video) || typeof MediaSource !== 'undefined',
    };
    const plan = startPlan(caps, this.opts.preferred, (t) => this.memory.unreachable(t));
    this.order = plan.order;
    this.race = plan.race;
    this.show(0);
    this.playAt(0);
    if (this.race) this.raceLater(plan.raceAfterMs);
    this.watch = setInterval(() => this.checkStall(), STALL_CHECK_MS);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.raceTimer);
    clearInterval(this.watch);
    for (const slot of this.slots) this.release(slot);
  }

  private get main() {
    return this.slots[this.shown];
  }

  private get spare() {
    return this.slots[this.shown === 0 ? 1 : 0];
  }

  private countFrames(video: HTMLVideoElement) {
    if (this.counting.has(video) || typeof video.requestVideoFrameCallback !== 'function') return;
    this.counting.add(video);
    const tick = () => {
      if (!this.running) return;
      if (video === this.main.video) this.frames++;
      video.requestVideoFrameCallback(tick);
    };
    video.requestVideoFrameCallback(tick);
  }

  private show(index: 0 | 1) {
    this.shown = index;
    this.lastProgress = -1;
    this.countFrames(this.slots[index].video);
    this.opts.onShow(index);
  }

  /** The shown video plays order[i]; on failure, the next one. */
  private playAt(i: number) {
    this.at = i;
    const transport = this.order[i];
    if (!transport) {
      // Nothing quick plays: everything rests on the race, started now if it was waiting.
      if (this.race && !this.racing) this.raceLater(0);
      else if (!this.racing) this.giveUp();
      return;
    }
    this.opts.onTransport(transport);
    this.play(this.main, transport, (s) => {
      if (s === 'failed') {
        if (transport === 'webrtc') this.memory.failed('webrtc');
        this.release(this.main);
        this.playAt(i + 1);
      } else this.report(s);
    });
  }

  private report(state: LiveState) {
    if (state === 'playing' && this.state !== 'playing') this.lastMove = performance.now();
    this.state = state;
    this.opts.onState(state);
  }

  /**
   * A connection can stay open while no picture comes (the camera was cut and the recorder
   * waits for it): the video then holds its last frame, which must not pass for live. After
   * STALL_MS without a new frame the tile says so over that frame, and 'playing' again as soon
   * as the picture moves.
   */
  private checkStall() {
    const video = this.main.video;
    const now = performance.now();
    // A WebRTC video's currentTime runs on without frames: count presented frames where possible.
    const progress = typeof video.requestVideoFrameCallback === 'function' ? this.frames : video.currentTime;
    if (progress !== this.lastProgress) {
      this.lastProgress = progress;
      this.lastMove = now;
      if (this.state === 'stalled') this.report('playing');
    } else if (this.state === 'playing' && now - this.lastMove > STALL_MS) {
      this.opts.holdFrame(video);
      this.report('stalled');
    }
  }

  private giveUp() {
    this.opts.onTransport(null);
    this.report('unsupported');
  }

  private raceLater(ms: number) {
    clearTimeout(this.raceTimer);
    this.raceTimer = setTimeout(() => this.startRace(), ms);
  }

  /** The race transport in the hidden video; shown the moment it plays. */
  private startRace() {
    const transport = this.race;
    if (!this.running || !transport || this.racing) return;
    this.racing = true;
    const slot = this.spare;
    this.play(slot, transport, (s) => {
      if (s === 'playing' && slot !== this.main) this.promote(slot, transport);
      else if (s === 'failed') {
        this.memory.failed(transport);
        this.racing = false;
        this.release(slot);
        if (this.at >= this.order.length) this.giveUp();
        else this.raceLater(RETRY_IN_BACKGROUND_MS[Math.min(this.retries++, RETRY_IN_BACKGROUND_MS.length - 1)]!);
      } else if (slot === this.main) this.report(s);
    });
  }

  private promote(slot: Slot, transport: Transport) {
    const old = this.main;
    this.memory.connected(transport);
    this.show(this.slots.indexOf(slot) as 0 | 1);
    this.opts.onTransport(transport);
    this.report('playing');
    // Only now does the previous transport stop: its picture stayed up until this one played.
    this.release(old);
    this.race = null;
  }

  private play(slot: Slot, transport: Transport, onState: (s: PlayerState) => void) {
    this.release(slot);
    const generation = ++slot.generation;
    slot.transport = transport;
    const opts = {
      cameraId: this.opts.cameraId,
      codecString: this.opts.codecString,
      onDelivery: this.opts.onDelivery,
      onState: (s: PlayerState) => {
        if (generation === slot.generation && this.running) onState(s);
      },
      holdFrame: () => {
        if (slot === this.main) this.opts.holdFrame(slot.video);
      },
    };
    slot.player =
      transport === 'webrtc'
        ? new WebRtcPlayer(slot.video, opts)
        : transport === 'mse'
          ? new MsePlayer(slot.video, opts)
          : new HlsPlayer(slot.video, opts);
    slot.player.start();
  }

  /** Stops a slot's player without letting its last words ('stopped') reach the tile. */
  private release(slot: Slot) {
    slot.generation++;
    const player = slot.player;
    slot.player = undefined;
    slot.transport = undefined;
    player?.stop();
  }
}
