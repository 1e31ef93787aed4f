import type { Db, DbOrTx, Tx } from '@vigil/db';
import { motionSettingsOf } from '@vigil/shared';
import type {
  CameraOnvifColumn,
  ArmCameraInput,
  CameraAiSettings,
  MotionSettings,
  AuditAction,
  Camera,
  CameraList,
  CameraSourceInput,
  CreateCameraInput,
  CreateCameraRequest,
  ListQuery,
  ProbeResult,
  UpdateCameraInput,
} from '@vigil/shared';
import { planGate } from '../billing/billing.module.ts';
import { audit } from '../audit/audit.module.ts';
import type { OnvifService } from '../onvif/onvif.module.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ScopedActor, publishSiteScopeChanged } from '../../lib/camera-scope.ts';
import { type CheckedTarget, type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { publish } from '../../lib/realtime.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { columnsOfSource, columnsOfSubstream, quietUntilAsked } from './camera-source-columns.ts';
import { type CameraRow, splitCredentials, toCamera, withCredentials } from './camera-view.ts';
import { type NewCamera, camerasRepo as repo } from './cameras.repo.ts';
import { type ProbeTarget, probe as runProbe } from './probe.ts';
import { failed, failedAs } from './probe-result.ts';

export type CamerasService = ReturnType<typeof createCamerasService>;

const DEFAULT_RETENTION_DAYS = 30;
/** Each probe is an ffprobe process; a burst of clicks must not fork without bound. */
const MAX_CONCURRENT_PROBES = 8;

/** The caller as the service needs it: which workspace they act in, and which of its cameras they may reach. */
export type Actor = ScopedActor;

const target = (row: CameraRow) => ({ targetType: 'camera', targetId: row.id });

/**
 * How another service applies a change through this one (bulk operations): inside its
 * own transaction, so what it records about the change commits with it, and audited under its own
 * action with its details added.
 */
export interface CameraWriteOptions {
  tx?: Tx;
  audit?: { action: AuditAction; details: Record<string, unknown> };
}

/**
 * What an edit changed, for the audit log: the names of the fields sent, and the old and new
 * name when it was renamed. Never the source URL or its credentials.
 */
function changes(before: CameraRow, after: CameraRow, input: UpdateCameraInput): Record<string, unknown> {
  const fields = Object.keys(input).filter((k) => input[k as keyof UpdateCameraInput] !== undefined);
  return before.name !== after.name
    ? { name: after.name, previousName: before.name, fields }
    : { name: after.name, fields };
}

export function createCamerasService(deps: {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  probe?: typeof runProbe;
  /** Resolves an ONVIF source to its RTSP streams (absent where no ONVIF camera is added). */
  onvif?: Pick<OnvifService, 'resolveSource'>;
}) {
  const { db, secrets, policy } = deps;
  const probeFn = deps.probe ?? runProbe;
  let probing = 0;

  /** An ONVIF source becomes the RTSP stream (and substream) of the profiles chosen, asked of the device now. */
  async function resolveOnvif(
    request: CreateCameraRequest,
  ): Promise<{ input: CreateCameraInput; onvif: CameraOnvifColumn | null }> {
    if (request.source.type !== 'onvif') return { input: request as CreateCameraInput, onvif: null };
    if (!deps.onvif) throw new AppError('failed-precondition', 'ONVIF sources cannot be added here.');
    const resolved = await deps.onvif.resolveSource(request.source);
    return {
      input: { ...request, source: resolved.source, substreamUrl: resolved.substreamUrl ?? request.substreamUrl },
      onvif: resolved.onvif,
    };
  }

  /** The caller's transaction when given, else one of our own. */
  const inTx = <T>(opts: CameraWriteOptions | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    opts?.tx ? fn(opts.tx) : db.transaction(fn);
  const auditAs = (opts: CameraWriteOptions | undefined, action: AuditAction, details: Record<string, unknown>) =>
    opts?.audit ? { action: opts.audit.action, details: { ...details, ...opts.audit.details } } : { action, details };

  /**
   * A URL a tenant saves must not name an address the policy refuses. A name that does not resolve
   * yet is saved (a camera may be off); the recorder checks again, and pins, each time it starts.
   */
  async function assertAllowed(url: string, field: string): Promise<void> {
    try {
      await checkTarget(url, policy, field);
    } catch (e) {
      if (e instanceof AppError && e.code === 'invalid-argument' && /host not found/.test(e.fields?.[field] ?? ''))
        return;
      throw e;
    }
  }

  /** Everything listening hears of a change: the page (cameras) and the recorder (cameras.changed). */
  async function changed(tx: DbOrTx, workspaceId: string, id: string) {
    await publish(tx, { topic: 'cameras', workspaceId, id });
    await publish(tx, { topic: 'cameras.changed', workspaceId, id });
  }

  async function recount(tx: DbOrTx, workspaceId: string, ownerId: string) {
    await repo.setCamerasCount(tx, ownerId, await repo.count(tx, workspaceId));
    await publish(tx, { topic: 'me', uid: ownerId });
  }

  /**
   * A camera joining a site: the workspace's plan must have the VMS area, the site must
   * be the workspace's, and the site's default schedule and retention apply unless the request sets them.
   */
  async function joinSite(
    tx: DbOrTx,
    actor: Actor,
    siteId: string,
    input: UpdateCameraInput,
  ): Promise<Partial<NewCamera>> {
    if (actor.cameraIds !== null)
      throw new AppError(
        'permission-denied',
        'Your access is limited to some cameras: you cannot move cameras between sites.',
      );
    await planGate.assertFeature(tx, actor.workspaceId, 'vms');
    const site = await repo.site(tx, actor.workspaceId, siteId);
    if (!site) throw new AppError('invalid-argument', 'Invalid request parameters.', { siteId: 'no such site' });
    const patch: Partial<NewCamera> = { siteId };
    if (site.scheduleId && input.scheduleId === undefined) patch.scheduleId = site.scheduleId;
    if (site.retentionDays && input.retentionDays === undefined) patch.retentionDays = site.retentionDays;
    return patch;
  }

  /**
   * A camera's AI settings: turning detection on needs the plan's AI access, and the
   * zones a label is limited to must be the camera's motion zones (as they will be after this edit).
   */
  async function checkedAi(
    tx: DbOrTx,
    actor: Actor,
    ai: CameraAiSettings,
    motion: Partial<MotionSettings>,
  ): Promise<CameraAiSettings> {
    if (ai.enabled) await planGate.assertFeature(tx, actor.workspaceId, 'aiAccess');
    const zones = new Set(motionSettingsOf(motion).zones.map((z) => z.name.toLowerCase()));
    for (const [label, names] of Object.entries(ai.labelZones)) {
      const unknown = (names ?? []).find((n) => !zones.has(n.toLowerCase()));
      if (unknown !== undefined)
        throw new AppError('invalid-argument', 'Invalid request parameters.', {
          [`ai.labelZones.${label}`]: `no motion zone named "${unknown}" on this camera`,
        });
    }
    return ai;
  }

  async function mustFind(tx: DbOrTx, actor: Actor, id: string, forUpdate = false): Promise<CameraRow> {
    const row = await repo.find(tx, actor.workspaceId, actor.cameraIds, id, forUpdate);
    if (!row) throw new AppError('not-found');
    return row;
  }

  function targetOf(row: CameraRow): ProbeTarget {
    if (row.sourceType === 'test-pattern' || !row.sourceUrl) return { type: 'test-pattern' };
    const password = row.sourcePasswordEnc ? secrets.open(row.sourcePasswordEnc) : null;
    return {
      type: row.sourceType as 'rtsp' | 'mjpeg',
      url: withCredentials(row.sourceUrl, row.sourceUsername, password),
    };
  }

  /** Probes only what the policy allows, connecting to the address it checked. */
  async function limitedProbe(target: ProbeTarget): Promise<ProbeResult> {
    if (target.type === 'test-pattern') return boundedProbe(target);
    let checked: CheckedTarget;
    try {
      checked = await checkTarget(target.url, policy);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const why = Object.values(e.fields ?? {})[0];
      const notFound = /^host not found: (.+)$/.exec(why ?? '');
      if (notFound) return failedAs('camera/host-not-found', notFound[1]);
      return failed(why ? `Invalid URL: ${why}` : e.message);
    }
    return boundedProbe({ type: target.type, url: checked.pinnedUrl, host: new URL(checked.url).host });
  }

  async function boundedProbe(target: ProbeTarget): Promise<ProbeResult> {
    if (probing >= MAX_CONCURRENT_PROBES)
      throw new AppError('unavailable', 'Too many connection tests at once. Please try again.');
    probing += 1;
    try {
      return await probeFn(target);
    } finally {
      probing -= 1;
    }
  }

  return {
    async list(actor: Actor, query: ListQuery): Promise<CameraList> {
      // A member limited to some cameras is not shown the workspace's count against the limit.
      const page = await repo.list(db, actor.workspaceId, actor.cameraIds, query, actor.cameraIds === null);
      return {
        items: page.rows.map((r) => toCamera(r, page.arming)),
        nextCursor: page.nextCursor,
        quota: page.quota,
      };
    },

    async get(actor: Actor, id: string): Promise<Camera> {
      const row = await mustFind(db, actor, id);
      return toCamera(row, await repo.armingContext(db, actor.workspaceId));
    },

    /** Arm or disarm by hand for a while (owners and managers), or hand back to the schedule. */
    async arm(actor: Actor, id: string, input: ArmCameraInput): Promise<Camera> {
      return db.transaction(async (tx) => {
        await mustFind(tx, actor, id, true);
        const patch =
          'resume' in input
            ? { armOverride: null, armOverrideUntil: null }
            : { armOverride: input.armed, armOverrideUntil: new Date(Date.now() + input.minutes * 60_000) };
        const row = await repo.update(tx, actor.workspaceId, id, patch);
        if (!row) throw new AppError('not-found');
        await changed(tx, actor.workspaceId, id);
        await audit.record(tx, {
          action: 'camera.updated',
          ...target(row),
          details: { name: row.name, arming: input },
        });
        return toCamera(row, await repo.armingContext(tx, actor.workspaceId));
      });
    },

    /** Hold back its notifications to people for some minutes (0: now again); webhooks and MQTT still hear. */
    async snooze(actor: Actor, id: string, minutes: number): Promise<Camera> {
      return db.transaction(async (tx) => {
        await mustFind(tx, actor, id, true);
        const until = minutes > 0 ? new Date(Date.now() + minutes * 60_000) : null;
        const row = await repo.update(tx, actor.workspaceId, id, { notifySnoozedUntil: until });
        if (!row) throw new AppError('not-found');
        // Pages only: the recorder has nothing to change.
        await publish(tx, { topic: 'cameras', workspaceId: actor.workspaceId, id });
        await audit.record(tx, {
          action: 'camera.updated',
          ...target(row),
          details: { name: row.name, snoozeMinutes: minutes },
        });
        return toCamera(row, await repo.armingContext(tx, actor.workspaceId));
      });
    },

    async create(actor: Actor, request: CreateCameraRequest): Promise<Camera> {
      // A member limited to some cameras works with those; the workspace's set of cameras is not theirs to grow.
      if (actor.cameraIds !== null)
        throw new AppError('permission-denied', 'Your access is limited to some cameras: you cannot add cameras.');
      const { input, onvif } = await resolveOnvif(request);
      if (input.source.type !== 'test-pattern') await assertAllowed(input.source.url, 'source.url');
      if (input.substreamUrl) await assertAllowed(input.substreamUrl, 'substreamUrl');
      return db.transaction(async (tx) => {
        const owner = await repo.lockOwner(tx, actor.workspaceId);
        if (!owner) throw new AppError('not-found');
        await planGate.assertWritable(tx, actor.workspaceId, 'Adding cameras');
        const count = await repo.count(tx, actor.workspaceId);
        if (count >= owner.maxCameras) {
          throw new AppError('failed-precondition', await planGate.limitMessage(tx, 'maxCameras', owner.maxCameras));
        }
        const site = input.siteId ? await joinSite(tx, actor, input.siteId, input) : {};
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          name: input.name,
          ...columnsOfSource(secrets, input.source),
          ...(input.substreamUrl ? columnsOfSubstream(secrets, input.substreamUrl) : {}),
          onvif,
          recordingMode: input.recordingMode,
          recordSound: input.recordSound ?? true,
          retentionDays: input.retentionDays ?? DEFAULT_RETENTION_DAYS,
          siteId: null,
          ...site,
          ...quietUntilAsked(input.source, owner.motionAlerts),
          enabled: true,
          status: 'offline',
          statusChangedAt: new Date(),
        });
        await repo.setCamerasCount(tx, owner.ownerId, count + 1);
        if (row.siteId) await publishSiteScopeChanged(tx, actor.workspaceId);
        await publish(tx, { topic: 'me', uid: owner.ownerId });
        await changed(tx, actor.workspaceId, row.id);
        await audit.record(tx, {
          action: 'camera.created',
          ...target(row),
          details: { name: row.name, source: row.sourceType },
        });
        return toCamera(row, await repo.armingContext(tx, actor.workspaceId));
      });
    },

    async update(actor: Actor, id: string, input: UpdateCameraInput, opts?: CameraWriteOptions): Promise<Camera> {
      if (input.source && input.source.type !== 'test-pattern') await assertAllowed(input.source.url, 'source.url');
      if (input.substreamUrl) await assertAllowed(input.substreamUrl, 'substreamUrl');
      return inTx(opts, async (tx) => {
        const before = await mustFind(tx, actor, id, true);
        const patch: Partial<NewCamera> = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.source !== undefined) Object.assign(patch, columnsOfSource(secrets, input.source, before));
        // Another address is another device (or none): its ONVIF services are no longer this camera's.
        if (patch.sourceUrl !== undefined && patch.sourceUrl !== before.sourceUrl) patch.onvif = null;
        if (input.recordSound !== undefined) patch.recordSound = input.recordSound;
        // Another camera behind the address, or a microphone switched on since, may send other
        // sound: the recorder asks again.
        const sourceMoved =
          patch.sourceUrl !== undefined &&
          (patch.sourceUrl !== before.sourceUrl || patch.sourceType !== before.sourceType);
        if (sourceMoved || (input.recordSound && !before.recordSound))
          Object.assign(patch, { audioCodec: null, audioSampleRate: null });
        if (input.substreamUrl !== undefined) Object.assign(patch, columnsOfSubstream(secrets, input.substreamUrl));
        if (input.recordingMode !== undefined) patch.recordingMode = input.recordingMode;
        if (input.retentionDays !== undefined) patch.retentionDays = input.retentionDays;
        if (input.motion !== undefined) patch.motion = input.motion;
        if (input.scheduleRecording !== undefined) patch.scheduleRecording = input.scheduleRecording;
        if (input.eventSeverity !== undefined) patch.eventSeverity = input.eventSeverity;
        if (input.ai !== undefined) patch.ai = await checkedAi(tx, actor, input.ai, input.motion ?? before.motion);
        if (input.scheduleId !== undefined) {
          // Another workspace's schedule is no schedule at all.
          if (input.scheduleId !== null && !(await repo.scheduleExists(tx, actor.workspaceId, input.scheduleId)))
            throw new AppError('invalid-argument', 'Invalid request parameters.', { scheduleId: 'no such schedule' });
          patch.scheduleId = input.scheduleId;
        }
        const siteChanged = input.siteId !== undefined && input.siteId !== before.siteId;
        if (siteChanged) {
          if (input.siteId === null) {
            if (actor.cameraIds !== null)
              throw new AppError(
                'permission-denied',
                'Your access is limited to some cameras: you cannot move cameras between sites.',
              );
            patch.siteId = null;
          } else if (input.siteId) Object.assign(patch, await joinSite(tx, actor, input.siteId, input));
        }
        // Status belongs to the recorder, except the switch itself: off is "disabled" at once,
        // on is "offline" until the recorder connects and says otherwise.
        if (input.enabled !== undefined && input.enabled !== before.enabled) {
          Object.assign(patch, {
            enabled: input.enabled,
            status: input.enabled ? 'offline' : 'disabled',
            lastError: null,
            statusChangedAt: new Date(),
          });
        }
        const ctx = await repo.armingContext(tx, actor.workspaceId);
        if (Object.keys(patch).length === 0) return toCamera(before, ctx);
        const row = await repo.update(tx, actor.workspaceId, id, patch);
        if (!row) throw new AppError('not-found');
        await changed(tx, actor.workspaceId, id);
        if (siteChanged) await publishSiteScopeChanged(tx, actor.workspaceId);
        await audit.record(tx, { ...target(row), ...auditAs(opts, 'camera.updated', changes(before, row, input)) });
        return toCamera(row, ctx);
      });
    },

    async remove(actor: Actor, id: string, opts?: CameraWriteOptions): Promise<void> {
      await inTx(opts, async (tx) => {
        const owner = await repo.lockOwner(tx, actor.workspaceId);
        const name = owner ? await repo.remove(tx, actor.workspaceId, actor.cameraIds, id) : undefined;
        if (!owner || name === undefined) throw new AppError('not-found');
        await recount(tx, actor.workspaceId, owner.ownerId);
        await changed(tx, actor.workspaceId, id);
        await audit.record(tx, {
          targetType: 'camera',
          targetId: id,
          ...auditAs(opts, 'camera.deleted', { name }),
        });
      });
    },

    /** "Test connection" before saving: the source exactly as typed. */
    async probeSource(source: CameraSourceInput): Promise<ProbeResult> {
      if (source.type === 'test-pattern') return limitedProbe(source);
      const split = splitCredentials(source.url);
      const username = source.username ?? split.username ?? null;
      const password = source.password ?? split.password ?? null;
      return limitedProbe({ type: source.type, url: withCredentials(split.url, username, password) });
    },

    /** Seals substream passwords that older versions kept in the URL (run once at start). */
    async sealLegacySubstreams(): Promise<number> {
      const rows = await repo.withSubstreamPasswordInUrl(db);
      for (const row of rows) await repo.setSubstream(db, row.id, columnsOfSubstream(secrets, row.substreamUrl));
      return rows.length;
    },

    /**
     * What the ONVIF client needs to talk to a camera's device (its kept device, its user and
     * sealed password), after the same workspace and camera-scope check as every camera route.
     */
    async device(actor: Actor, id: string) {
      const row = await mustFind(db, actor, id);
      return {
        id: row.id,
        name: row.name,
        onvif: row.onvif as CameraOnvifColumn | null,
        sourceUsername: row.sourceUsername,
        sourcePasswordEnc: row.sourcePasswordEnc,
      };
    },

    /** A saved camera, with its stored password opened only for the probe. */
    async probeSaved(actor: Actor, id: string): Promise<ProbeResult> {
      return limitedProbe(targetOf(await mustFind(db, actor, id)));
    },
  };
}
