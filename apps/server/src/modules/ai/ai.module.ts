import { TOPICS } from '@vigil/shared';
import { createLocalDetector } from '../../ai/local-detector.ts';
import { defineModule } from '../../kernel/module.ts';
import { ffmpegTools } from '../../video/ffmpeg-binaries.ts';
import { aiRoutes } from './ai.routes.ts';
import { createAiService } from './ai.service.ts';
import { createAnalyser } from './analyser.service.ts';

export { type Analyser, createAnalyser } from './analyser.service.ts';
export { isAlert } from './detections.ts';
export { drawBoxes } from './frames.ts';
export type { LocalDetectorFront } from './providers.ts';

/**
 * AI detection: provider settings and analysis on demand. The recorder's motion-gated pipeline
 * (video/ai-sampler.ts) uses the same analyser in its own process, through this front door.
 */
export const aiModule = defineModule({
  name: 'ai',
  auditActions: ['ai.settings-updated'],
  serve: {
    needs: ['live'],
    topics: [TOPICS.ai],
    register: (app, { db, secrets, policy, options, onClose, get }) => {
      const live = get('live');
      const analyser = createAnalyser({
        db,
        secrets,
        policy,
        ffmpegPath: () => ffmpegTools().ffmpeg.path,
        // The built-in detector (a worker thread, started on the first local analysis).
        localDetector: options.localDetector ?? (() => createLocalDetector()),
      });
      onClose(() => analyser.close());
      aiRoutes(app, {
        ai: createAiService({
          db,
          secrets,
          policy,
          analyser,
          // The member's own snapshot allowance: analysing is no way around it.
          snapshot: (actor, cameraId) =>
            live.snapshot(
              { workspaceId: actor.workspaceId, cameraIds: actor.cameraIds, uid: actor.uid, sessionId: '' },
              cameraId,
            ),
        }),
      });
    },
  },
});
