import type { Db } from '@vigil/db';
import { type AiSettings, type AiSettingsInput, type AnalyzeResponse, cameraAiSettingsOf } from '@vigil/shared';
import { AppError, RetryLaterError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { type OutboundPolicy, checkTarget } from '../../lib/outbound-policy.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { type AiSettingsRow, aiRepo as repo } from './ai.repo.ts';
import type { Analyser } from './analyser.service.ts';

export type AiService = ReturnType<typeof createAiService>;
export type AiActor = ScopedActor & { uid: string };

/** The built-in detector's model, as the settings page names it. */
export const LOCAL_MODEL = 'COCO object detector (built in, offline)';
const DEFAULT_TIMEOUTS = { codeproject: 10_000, openai: 20_000 };
/**
 * Analyses on demand per person: five at once, then one every 12 s. Someone checking cameras by
 * hand never meets it; a script (or a leaked key) cannot drain the workspace's monthly quota in
 * minutes. Per process, like the snapshot allowance: with several serve processes behind a
 * balancer the ceiling is this times their number, still far below a quota's drain rate.
 */
const ANALYSES_BURST = 5;
const ANALYSES_PER_MINUTE = 5;

/**
 * AI settings and analysis on demand. Every call needs the plan's AI access
 * (permission-denied naming the plan otherwise); provider URLs pass the outbound policy when they
 * are saved (and again at each call); keys are sealed and only their presence is shown.
 */
const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

export function createAiService(deps: {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  analyser: Analyser;
  /** The camera's current picture as a JPEG (the live feed's last keyframe), for this person. */
  snapshot(actor: AiActor, cameraId: string): Promise<Buffer>;
}) {
  const { db, secrets, policy, analyser } = deps;
  const analyses = createRateLimiter({ burst: ANALYSES_BURST, perMinute: ANALYSES_PER_MINUTE });

  function view(row: AiSettingsRow | undefined, usage: Awaited<ReturnType<typeof repo.usage>>): AiSettings {
    return {
      local: { available: analyser.localAvailable, model: LOCAL_MODEL },
      codeproject: row?.codeprojectUrl
        ? { url: row.codeprojectUrl, hasApiKey: row.codeprojectKeyEnc !== null, timeoutMs: row.codeprojectTimeoutMs }
        : null,
      openai:
        row?.openaiUrl && row.openaiModel
          ? {
              url: row.openaiUrl,
              hasApiKey: row.openaiKeyEnc !== null,
              model: row.openaiModel,
              timeoutMs: row.openaiTimeoutMs,
            }
          : null,
      usage: { used: usage.used, quota: usage.quota, periodStart: usage.periodStart.toISOString() },
    };
  }

  /** A new key, a removal (null), or the stored one (omitted). */
  /**
   * The key to store. Omitted, the stored one is kept — but only for the same server: a key never
   * follows its address elsewhere (a manager, who cannot read it, could otherwise point the
   * address at a server of their own and receive it), so a new origin without a key has none.
   */
  const sealedKey = (
    input: string | null | undefined,
    stored: string | null | undefined,
    url: { next: string; before: string | null | undefined },
  ) => {
    if (input === null || input === '') return null;
    if (input !== undefined) return secrets.seal(input);
    return url.before && sameOrigin(url.before, url.next) ? (stored ?? null) : null;
  };

  return {
    async settings(actor: ScopedActor): Promise<AiSettings> {
      await planGate.assertFeature(db, actor.workspaceId, 'aiAccess');
      const [row, usage] = await Promise.all([repo.settings(db, actor.workspaceId), repo.usage(db, actor.workspaceId)]);
      return view(row, usage);
    },

    async saveSettings(actor: ScopedActor, input: AiSettingsInput): Promise<AiSettings> {
      await planGate.assertFeature(db, actor.workspaceId, 'aiAccess');
      // Checked before anything is written: a refused address leaves the settings as they were.
      if (input.codeproject) await checkTarget(input.codeproject.url, policy, 'codeproject.url');
      if (input.openai) await checkTarget(input.openai.url, policy, 'openai.url');
      await db.transaction(async (tx) => {
        const before = await repo.settings(tx, actor.workspaceId);
        const next: typeof before & object = {
          workspaceId: actor.workspaceId,
          codeprojectUrl: before?.codeprojectUrl ?? null,
          codeprojectKeyEnc: before?.codeprojectKeyEnc ?? null,
          codeprojectTimeoutMs: before?.codeprojectTimeoutMs ?? DEFAULT_TIMEOUTS.codeproject,
          openaiUrl: before?.openaiUrl ?? null,
          openaiKeyEnc: before?.openaiKeyEnc ?? null,
          openaiModel: before?.openaiModel ?? null,
          openaiTimeoutMs: before?.openaiTimeoutMs ?? DEFAULT_TIMEOUTS.openai,
          createdAt: before?.createdAt ?? new Date(),
          updatedAt: new Date(),
        };
        if (input.codeproject === null) Object.assign(next, { codeprojectUrl: null, codeprojectKeyEnc: null });
        else if (input.codeproject)
          Object.assign(next, {
            codeprojectUrl: input.codeproject.url,
            codeprojectKeyEnc: sealedKey(input.codeproject.apiKey, before?.codeprojectKeyEnc, {
              next: input.codeproject.url,
              before: before?.codeprojectUrl,
            }),
            codeprojectTimeoutMs: input.codeproject.timeoutMs ?? next.codeprojectTimeoutMs,
          });
        if (input.openai === null) Object.assign(next, { openaiUrl: null, openaiKeyEnc: null, openaiModel: null });
        else if (input.openai)
          Object.assign(next, {
            openaiUrl: input.openai.url,
            openaiKeyEnc: sealedKey(input.openai.apiKey, before?.openaiKeyEnc, {
              next: input.openai.url,
              before: before?.openaiUrl,
            }),
            openaiModel: input.openai.model,
            openaiTimeoutMs: input.openai.timeoutMs ?? next.openaiTimeoutMs,
          });
        await repo.saveSettings(tx, next);
        await audit.record(tx, {
          action: 'ai.settings-updated',
          targetType: 'workspace',
          targetId: actor.workspaceId,
          // Which providers changed and to where; never a key.
          details: {
            fields: Object.keys(input),
            codeprojectUrl: next.codeprojectUrl,
            openaiUrl: next.openaiUrl,
            openaiModel: next.openaiModel,
            keysChanged: [
              ...(input.codeproject?.apiKey !== undefined || input.codeproject === null ? ['codeproject'] : []),
              ...(input.openai?.apiKey !== undefined || input.openai === null ? ['openai'] : []),
            ],
          },
        });
      });
      return this.settings(actor);
    },

    /** The camera's current frame, now, with its provider (counts against the quota). */
    async analyze(actor: AiActor, cameraId: string): Promise<AnalyzeResponse> {
      await planGate.assertFeature(db, actor.workspaceId, 'aiAccess');
      const camera = await repo.camera(db, actor.workspaceId, actor.cameraIds, cameraId);
      if (!camera) throw new AppError('not-found');
      const wait = analyses.take(actor.uid);
      if (wait) throw new RetryLaterError('resource-exhausted', wait, 'Too many analyses at once. Please slow down.');
      const jpeg = await deps.snapshot(actor, cameraId);
      const a = await analyser.analyse(
        actor.workspaceId,
        { ai: cameraAiSettingsOf(camera.ai), motion: camera.motion },
        jpeg,
      );
      return { detections: a.detections, provider: a.provider, tookMs: a.tookMs, usage: a.usage };
    },
  };
}
