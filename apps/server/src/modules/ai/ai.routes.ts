import { aiSettingsInputSchema, aiSettingsSchema, analyzeRequestSchema, analyzeResponseSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { AiService } from './ai.service.ts';

const tags = ['ai'];
const managers = access.roles('manager', 'admin');
/**
 * Analysing on demand spends the workspace's AI quota: people who act on cameras (operators and
 * up), never viewers or viewer keys, who only watch.
 */
const analysts = access.roles('operator', 'manager', 'admin');

export function aiRoutes(app: FastifyInstance, { ai }: { ai: AiService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/ai/settings',
    {
      access: managers,
      summary:
        'The AI providers (keys masked: only whether one is set) and the analyses used this billing period. ' +
        'Plans with AI access',
      response: aiSettingsSchema,
    },
    (req) => ai.settings(scopedActor(req.session!)),
  );

  route.put(
    '/api/v1/ai/settings',
    {
      access: managers,
      summary:
        'Set the CodeProject.AI / DeepStack server and the OpenAI-compatible vision API (null removes one; an ' +
        'omitted apiKey keeps the stored one). Addresses obey the outbound policy',
      body: aiSettingsInputSchema,
      response: aiSettingsSchema,
    },
    (req) => ai.saveSettings(scopedActor(req.session!), req.body),
  );

  route.post(
    '/api/v1/ai/analyze',
    {
      access: analysts,
      summary:
        'Analyse the camera’s current picture now with its provider, keeping its labels, minimum score and ' +
        'label zones. Operators and up. Counts against the plan’s AI analysis quota (resource-exhausted past ' +
        'it) and a per-person rate (resource-exhausted with Retry-After)',
      body: analyzeRequestSchema,
      response: analyzeResponseSchema,
    },
    (req) => ai.analyze({ ...scopedActor(req.session!), uid: req.session!.user.id }, req.body.cameraId),
  );
}
