import type { CameraOnvifColumn } from '@vigil/shared';
import { sameHost } from './device.ts';
import {
  type CameraSignal,
  EVENT_ACTIONS,
  EVENT_OPS,
  parsePullMessages,
  parseRenew,
  parseSubscription,
  signalOf,
} from './events.ts';
import type { OnvifService } from './onvif.service.ts';
import type { OnvifSession } from './session.ts';

/**
 * One camera's PullPoint subscription, kept for as long as its recorder holds the camera: created
 * on the camera's event service, pulled in a long poll (the camera answers when something happens
 * or the poll's time is up, so an idle camera costs one open HTTP request and no CPU), renewed at
 * half its life, and created again after any failure — a fault (the camera rebooted and forgot
 * it: ResourceUnknown), no answer, or an answer that is not one — with a growing pause between
 * tries, so a camera that is down is not hammered.
 */
export interface PullPointTiming {
  /** The subscription's life asked for, in s (renewed at half of what the camera grants). */
  ttlSeconds: number;
  /** How long the camera may hold one PullMessages, in s. */
  pullSeconds: number;
  /** The first pause after a failure, in ms; doubled each time up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const PULLPOINT_TIMING: PullPointTiming = {
  ttlSeconds: 60,
  pullSeconds: 20,
  backoffMs: 2000,
  maxBackoffMs: 60_000,
};

const MESSAGE_LIMIT = 32;
/** Beyond the poll's own time: the camera's answer is on its way. */
const POLL_SLACK_MS = 5000;

export interface WatchOptions {
  onvif: OnvifService;
  /** The camera as it is now (credentials and device may change while the watch runs). */
  camera: () => Parameters<OnvifService['withCamera']>[0];
  /** Signals of one answer, in order. */
  onSignals(signals: CameraSignal[]): void;
  /** The subscription was lost (and is being made again): open states are unknown from here. */
  onLost?(reason: string): void;
  log(msg: string): void;
  timing?: Partial<PullPointTiming>;
}

export interface CameraEventWatch {
  /** Subscriptions made so far (the first and every re-creation). */
  readonly created: number;
  readonly renewed: number;
  stop(): Promise<void>;
}

export function watchCameraEvents(o: WatchOptions): CameraEventWatch {
  const t = { ...PULLPOINT_TIMING, ...o.timing };
  let stopped = false;
  let created = 0;
  let renewed = 0;
  let address: string | null = null;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** One call on the camera: its clock read from the device service (where every camera answers it), once kept. */
  const call = <T>(fn: (s: OnvifSession, device: CameraOnvifColumn) => Promise<T>) =>
    o.onvif.withCamera(o.camera(), async (s, device) => {
      if (!s.clockKnown) await s.syncClock(device.deviceUrl);
      return fn(s, device);
    });

  async function subscribe(): Promise<{ address: string; renewAt: number }> {
    return call(async (s, device) => {
      const events = device.services.events;
      if (!device.events || !events) throw new Error('The camera offers no events');
      const doc = await s.call(events, EVENT_OPS.createPullPoint(t.ttlSeconds));
      const sub = parseSubscription(doc);
      if (!sub) throw new Error('The camera’s answer to CreatePullPointSubscription names no subscription');
      // A camera names its LAN address; the one we reached it by is the one that works from here.
      const at = sameHost(sub.address, new URL(events));
      return { address: at, renewAt: Date.now() + (sub.ttlMs ?? t.ttlSeconds * 1000) / 2 };
    });
  }

  async function run(): Promise<void> {
    let backoff = t.backoffMs;
    while (!stopped) {
      try {
        const sub = await subscribe();
        if (stopped) return;
        address = sub.address;
        created += 1;
        let renewAt = sub.renewAt;
        backoff = t.backoffMs;
        while (!stopped) {
          if (Date.now() >= renewAt) {
            const ttl = await call((s) =>
              s.call(sub.address, EVENT_OPS.renew(t.ttlSeconds), {
                addressing: { action: EVENT_ACTIONS.renew, to: sub.address },
              }),
            ).then(parseRenew);
            renewed += 1;
            renewAt = Date.now() + (ttl ?? t.ttlSeconds * 1000) / 2;
          }
          const pullFor = Math.max(1, Math.min(t.pullSeconds, Math.ceil((renewAt - Date.now()) / 1000)));
          const doc = await call((s) =>
            s.call(sub.address, EVENT_OPS.pullMessages(pullFor, MESSAGE_LIMIT), {
              timeoutMs: pullFor * 1000 + POLL_SLACK_MS,
              addressing: { action: EVENT_ACTIONS.pull, to: sub.address },
            }),
          );
          if (stopped) return;
          const answer = parsePullMessages(doc);
          if (!answer) throw new Error('The camera’s answer to PullMessages is not one');
          const signals = answer.notifications.map(signalOf).filter((x): x is CameraSignal => x !== null);
          if (signals.length) o.onSignals(signals);
        }
      } catch (e) {
        if (stopped) return;
        const reason = e instanceof Error ? e.message : String(e);
        o.log(`camera events: subscription lost (${reason}); again in ${Math.round(backoff / 1000)} s`);
        address = null;
        o.onLost?.(reason);
        await pause(backoff);
        backoff = Math.min(backoff * 2, t.maxBackoffMs);
      }
    }
  }

  const running = run();

  return {
    get created() {
      return created;
    },
    get renewed() {
      return renewed;
    },
    async stop() {
      stopped = true;
      wake?.();
      const last = address;
      address = null;
      // Ended politely so the camera frees it now rather than at its termination time (cameras keep few).
      if (last)
        await call((s) =>
          s.call(last, EVENT_OPS.unsubscribe, { addressing: { action: EVENT_ACTIONS.unsubscribe, to: last } }),
        ).catch(() => undefined);
      // A poll in flight ends by itself (answered or timed out); nothing it brings is used.
      void running;
    },
  };
}
