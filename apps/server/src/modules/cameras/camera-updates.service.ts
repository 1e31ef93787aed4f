import type { Db, DbOrTx } from '@vigil/db';
import { motionSettingsOf } from '@vigil/shared';
import type { ArmCameraInput, Camera, CameraAiSettings, MotionSettings, UpdateCameraInput } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publishSiteScopeChanged } from '../../lib/camera-scope.ts';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import { publish } from '../../lib/realtime.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { columnsOfSource, columnsOfSubstream } from './camera-source-columns.ts';
import { type CameraRow, toCamera } from './camera-view.ts';
import {
  type Actor,
  type CameraWriteOptions,
  announceChange,
  assertAllowed,
  auditAs,
  cameraTarget,
  inTx,
  joinSite,
  mustFind,
  refuseSiteMoveWhenLimited,
} from './camera-rules.service.ts';
import { type NewCamera, camerasRepo as repo } from './cameras.repo.ts';

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

/** The cameras service's changes to a camera: its settings, arming by hand, and snoozing its notifications. */
export function cameraUpdates({ db, secrets, policy }: { db: Db; secrets: SecretBox; policy: OutboundPolicy }) {
  return {
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
        await announceChange(tx, actor.workspaceId, id);
        await audit.record(tx, {
          action: 'camera.updated',
          ...cameraTarget(row),
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
          ...cameraTarget(row),
          details: { name: row.name, snoozeMinutes: minutes },
        });
        return toCamera(row, await repo.armingContext(tx, actor.workspaceId));
      });
    },

    async update(actor: Actor, id: string, input: UpdateCameraInput, opts?: CameraWriteOptions): Promise<Camera> {
      if (input.source && input.source.type !== 'test-pattern')
        await assertAllowed(policy, input.source.url, 'source.url');
      if (input.substreamUrl) await assertAllowed(policy, input.substreamUrl, 'substreamUrl');
      return inTx(db, opts, async (tx) => {
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
            refuseSiteMoveWhenLimited(actor);
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
        await announceChange(tx, actor.workspaceId, id);
        if (siteChanged) await publishSiteScopeChanged(tx, actor.workspaceId);
        await audit.record(tx, {
          ...cameraTarget(row),
          ...auditAs(opts, 'camera.updated', changes(before, row, input)),
        });
        return toCamera(row, ctx);
      });
    },
  };
}
