import type { Db } from '@vigil/db';
import { type CameraAiSettings, type Detection, type MotionSettings, motionSettingsOf } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { planGate } from '../billing/billing.module.ts';
import { type AiSettingsRow, aiRepo as repo } from './ai.repo.ts';
import { keepDetections } from './detections.ts';
import { type AiFrame, frameOf } from './frames.ts';
import {
  type DetectionProvider,
  type LocalDetectorFront,
  codeProjectProvider,
  describeAlert,
  localProvider,
} from './providers.ts';

/**
 * One analysis of one frame, whoever asks (POST /ai/analyze, the recorder's
 * motion-gated sampler): the plan's AI access is checked (a downgraded plan stops the sampler
 * too), the quota is counted first (one atomic UPDATE; given back if the provider fails), the
 * camera's provider looks, and the camera's labels, minimum score and label zones decide what is
 * kept. A description by the vision API is an analysis too, and counts the same way.
 */
export interface AnalyserDeps {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  ffmpegPath: () => string;
  /** The built-in detector (apps/server/src/ai createLocalDetector), started on first use; none: unavailable. */
  localDetector?: () => LocalDetectorFront;
}

export interface Analysis {
  /** What the camera keeps, best first. */
  detections: Detection[];
  provider: CameraAiSettings['provider'];
  tookMs: number;
  usage: { used: number; quota: number };
  frame: AiFrame;
}

export type Analyser = ReturnType<typeof createAnalyser>;

const opened = (secrets: SecretBox, sealed: string | null) => (sealed ? secrets.open(sealed) : null);

export function createAnalyser(deps: AnalyserDeps) {
  const { db, secrets, policy } = deps;
  let local: LocalDetectorFront | undefined;

  function provider(name: CameraAiSettings['provider'], row: AiSettingsRow | undefined): DetectionProvider {
    if (name === 'codeproject') {
      if (!row?.codeprojectUrl)
        throw new AppError(
          'failed-precondition',
          'This camera uses a CodeProject.AI server, but none is set up: add its address in the AI settings.',
        );
      return codeProjectProvider(
        {
          url: row.codeprojectUrl,
          apiKey: opened(secrets, row.codeprojectKeyEnc),
          timeoutMs: row.codeprojectTimeoutMs,
        },
        policy,
      );
    }
    if (!deps.localDetector)
      throw new AppError('unavailable', 'The built-in detector is not available on this server.');
    local ??= deps.localDetector();
    return localProvider(local);
  }

  return {
    /** Whether the built-in detector can run here (GET /ai/settings). */
    localAvailable: Boolean(deps.localDetector),

    async analyse(
      workspaceId: string,
      camera: { ai: CameraAiSettings; motion: Partial<MotionSettings> },
      jpeg: Buffer,
    ): Promise<Analysis> {
      await planGate.assertFeature(db, workspaceId, 'aiAccess');
      const frame = frameOf(deps.ffmpegPath(), jpeg);
      if (!frame) throw new AppError('unavailable', 'The camera sends no picture right now.');
      const row = await repo.settings(db, workspaceId);
      const p = provider(camera.ai.provider, row);
      const usage = await repo.consume(db, workspaceId);
      if (!usage) {
        const { quota } = await repo.usage(db, workspaceId);
        const message = await planGate.limitMessage(db, 'aiAnalysisQuota', quota);
        throw new AppError('resource-exhausted', `${message} It renews with the next billing period.`);
      }
      const started = performance.now();
      let found: Detection[];
      try {
        found = await p.detect(frame, camera.ai.minScore, camera.ai.labels);
      } catch (e) {
        await repo.refund(db, workspaceId).catch(() => undefined);
        throw e;
      }
      const tookMs = Math.round(performance.now() - started);
      const detections = keepDetections(found, camera.ai, motionSettingsOf(camera.motion).zones);
      return { detections, provider: p.name, tookMs, usage, frame };
    },

    /** One sentence about an alert from the workspace's vision API; null when none is set up or it failed. */
    async describe(workspaceId: string, jpeg: Buffer, labels: readonly string[]): Promise<string | null> {
      const row = await repo.settings(db, workspaceId);
      if (!row?.openaiUrl || !row.openaiModel) return null;
      const allowed = await planGate.assertFeature(db, workspaceId, 'aiAccess').then(
        () => true,
        () => false,
      );
      if (!allowed || !(await repo.consume(db, workspaceId))) return null;
      try {
        return await describeAlert(
          {
            url: row.openaiUrl,
            apiKey: opened(secrets, row.openaiKeyEnc),
            model: row.openaiModel,
            timeoutMs: row.openaiTimeoutMs,
          },
          policy,
          jpeg,
          labels,
        );
      } catch (e) {
        await repo.refund(db, workspaceId).catch(() => undefined);
        throw e;
      }
    },

    async close(): Promise<void> {
      await local?.close();
      local = undefined;
    },
  };
}
