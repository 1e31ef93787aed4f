import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { aiRoutes } from './ai.routes.ts';
import { type AiActor, createAiService } from './ai.service.ts';
import { createAnalyser } from './analyser.service.ts';
import type { LocalDetectorFront } from './providers.ts';

/**
 * AI detection's front door (issue 14): provider settings, analysis on demand. The recorder's
 * motion-gated pipeline (video/ai-sampler.ts) uses the same analyser in its own process.
 */
export function aiModule(
  app: FastifyInstance,
  deps: {
    db: Db;
    secrets: SecretBox;
    policy: OutboundPolicy;
    snapshot(actor: AiActor, cameraId: string): Promise<Buffer>;
    localDetector?: () => LocalDetectorFront;
    ffmpegPath?: string;
  },
): void {
  const analyser = createAnalyser({
    db: deps.db,
    secrets: deps.secrets,
    policy: deps.policy,
    ffmpegPath: () => deps.ffmpegPath ?? ffmpegTools().ffmpeg.path,
    localDetector: deps.localDetector,
  });
  app.addHook('onClose', () => analyser.close());
  aiRoutes(app, { ai: createAiService({ ...deps, analyser }) });
}
