import type { Db } from '@vigil/db';
import type { PtzMove, PtzPreset, PtzPresetList } from '@vigil/shared';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import type { ScopedActor as Actor } from '../../lib/camera-scope.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { audit } from '../audit/audit.module.ts';
import type { OnvifCameraRow, OnvifService } from './onvif.service.ts';
import { MOVE_TIMEOUT_MS, PTZ_OPS, isStill, parsePresets, parseSetPreset } from './ptz.ts';
import { FaultError } from './session.ts';
import type { XmlNode } from './xml.ts';

/**
 * Steering a camera through its ONVIF PTZ service. A continuous move lasts until a stop, or
 * until MOVE_TIMEOUT_MS pass without a new move (the browser repeats it while a button is held):
 * the deadman here sends the Stop, so a closed tab or a lost network never leaves a camera
 * turning. Each camera's commands go out one after another, so a stop can never overtake the move
 * before it. A held button repeats the move a few times a second; the limit leaves room for that,
 * not for a script hammering a motor.
 */
const BURST = 30;
const PER_MINUTE = 600;

type Steerable = OnvifCameraRow & { id: string; name: string };

export function createPtzService(deps: {
  db: Db;
  /** The cameras service's `device`: the camera after its workspace and camera-scope check (the cameras module needs this one, so it is named by shape). */
  cameras: { device(actor: Actor, id: string): Promise<Steerable> };
  onvif: Pick<OnvifService, 'withCamera'>;
  log(message: string): void;
}) {
  const { db, cameras, onvif } = deps;
  const limiter = createRateLimiter({ burst: BURST, perMinute: PER_MINUTE });
  /** Cameras in motion: the Stop that fires when no move comes in time. */
  const deadmen = new Map<string, { timer: NodeJS.Timeout; camera: Steerable }>();
  /** Each camera's last queued command: the next one waits for it. */
  const queues = new Map<string, Promise<unknown>>();

  async function steerable(actor: Actor, id: string): Promise<Steerable> {
    const camera = await cameras.device(actor, id);
    if (!camera.onvif?.ptz)
      throw new AppError('failed-precondition', 'This camera has no pan, tilt or zoom control (ONVIF PTZ).');
    return camera;
  }

  function limited(camera: Steerable) {
    const wait = limiter.take(camera.id);
    if (wait) throw new RetryLaterError('resource-exhausted', wait, 'Too many PTZ commands. Please slow down.');
  }

  /** A refusal of the camera's PTZ service, said as such (not as "not an ONVIF device"). */
  function refused(e: FaultError): AppError {
    const why = `${e.fault.subcode ?? ''} ${e.fault.reason ?? ''}`;
    if (/NoToken|NoEntity|NoPreset|NoProfile/i.test(why))
      return new AppError('not-found', 'The camera has no such preset.');
    return new AppError('failed-precondition', `The camera refused: ${(e.fault.reason ?? e.message).slice(0, 160)}`);
  }

  /** One PTZ request on the camera's profile, after the camera's previous one; `read` reads the answer. */
  function send<T = void>(camera: Steerable, body: (profileToken: string) => string, read?: (doc: XmlNode) => T) {
    const run = () =>
      onvif.withCamera(camera, async (session, device): Promise<T> => {
        try {
          const doc = await session.call(device.services.ptz ?? device.deviceUrl, body(device.profileToken));
          return read ? read(doc) : (undefined as T);
        } catch (e) {
          throw e instanceof FaultError ? refused(e) : e;
        }
      });
    const next = (queues.get(camera.id) ?? Promise.resolve()).then(run, run);
    const settled = next.catch(() => undefined);
    queues.set(camera.id, settled);
    void settled.then(() => {
      if (queues.get(camera.id) === settled) queues.delete(camera.id);
    });
    return next;
  }

  /** Forgets the deadman; true when the camera was moving. */
  function disarm(id: string): boolean {
    const kept = deadmen.get(id);
    if (kept) clearTimeout(kept.timer);
    return deadmen.delete(id);
  }

  function arm(camera: Steerable): boolean {
    const first = !disarm(camera.id);
    const timer = setTimeout(() => {
      deadmen.delete(camera.id);
      send(camera, PTZ_OPS.stop).catch((e) =>
        deps.log(`PTZ stop after a silent client failed for camera ${camera.id}: ${(e as Error).message}`),
      );
    }, MOVE_TIMEOUT_MS);
    timer.unref();
    deadmen.set(camera.id, { timer, camera });
    return first;
  }

  const record = (
    camera: Steerable,
    action: 'ptz.moved' | 'ptz.preset-saved' | 'ptz.preset-deleted',
    details: object,
  ) =>
    audit.record(db, {
      action,
      targetType: 'camera',
      targetId: camera.id,
      details: { name: camera.name, ...details },
    });

  async function stop(camera: Steerable) {
    disarm(camera.id);
    await send(camera, PTZ_OPS.stop);
  }

  return {
    /** Moves at these velocities; all zero is a stop. Audited once per run of repeated moves. */
    async move(actor: Actor, id: string, m: PtzMove): Promise<void> {
      const camera = await steerable(actor, id);
      if (isStill(m)) return stop(camera);
      limited(camera);
      // Armed before the request goes out: the deadman counts from the command's arrival here.
      const first = arm(camera);
      await send(camera, (token) => PTZ_OPS.continuousMove(token, m));
      if (first) await record(camera, 'ptz.moved', { kind: 'move' });
    },

    /** Never limited: stopping a camera is always allowed. */
    async stop(actor: Actor, id: string): Promise<void> {
      await stop(await steerable(actor, id));
    },

    async presets(actor: Actor, id: string): Promise<PtzPresetList> {
      const camera = await steerable(actor, id);
      limited(camera);
      return { presets: await send(camera, PTZ_OPS.presets, parsePresets) };
    },

    async gotoPreset(actor: Actor, id: string, token: string): Promise<void> {
      const camera = await steerable(actor, id);
      limited(camera);
      disarm(camera.id);
      await send(camera, (profile) => PTZ_OPS.gotoPreset(profile, token));
      await record(camera, 'ptz.moved', { kind: 'preset', preset: token });
    },

    async savePreset(actor: Actor, id: string, name: string): Promise<PtzPreset> {
      const camera = await steerable(actor, id);
      limited(camera);
      const token = await send(camera, (profile) => PTZ_OPS.setPreset(profile, name), parseSetPreset);
      if (!token) throw new AppError('unavailable', 'The camera saved the preset but did not say its token.');
      await record(camera, 'ptz.preset-saved', { preset: token, presetName: name });
      return { token, name };
    },

    async removePreset(actor: Actor, id: string, token: string): Promise<void> {
      const camera = await steerable(actor, id);
      limited(camera);
      await send(camera, (profile) => PTZ_OPS.removePreset(profile, token));
      await record(camera, 'ptz.preset-deleted', { preset: token });
    },

    async home(actor: Actor, id: string): Promise<void> {
      const camera = await steerable(actor, id);
      limited(camera);
      disarm(camera.id);
      await send(camera, PTZ_OPS.home);
      await record(camera, 'ptz.moved', { kind: 'home' });
    },

    /** The process stops: every camera still moving is told to stop now rather than left to its timeout. */
    async close(): Promise<void> {
      const moving = [...deadmen.values()].map((d) => d.camera);
      for (const c of moving) disarm(c.id);
      await Promise.allSettled(moving.map((c) => send(c, PTZ_OPS.stop)));
    },
  };
}
export type PtzService = ReturnType<typeof createPtzService>;
