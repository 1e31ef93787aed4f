import { aiSettingsInputSchema, aiSettingsSchema, analyzeRequestSchema, analyzeResponseSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { AiService } from './ai.service.ts';

const tags = ['ai'];
const managers = access.roles('manager', 'admin');

export function aiRoutes(app: FastifyInstance, deps: { ai: AiService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ai } = deps;

  r.get(
    '/api/v1/ai/settings',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'The AI providers (keys masked: only whether one is set) and the analyses used this billing period. ' +
          'Plans with AI access',
        response: { 200: aiSettingsSchema },
      },
    },
    async (req) => ai.settings(scopedActor(req.session!)),
  );

  r.put(
    '/api/v1/ai/settings',
    {
      config: { access: managers },
      schema: {
        tags,
        summary:
          'Set the CodeProject.AI / DeepStack server and the OpenAI-compatible vision API (null removes one; an ' +
          'omitted apiKey keeps the stored one). Addresses obey the outbound policy',
        body: aiSettingsInputSchema,
        response: { 200: aiSettingsSchema },
      },
    },
    async (req) => ai.saveSettings(scopedActor(req.session!), req.body),
  );

  r.post(
    '/api/v1/ai/analyze',
    {
      config: { access: access.signedIn },
      schema: {
        tags,
        summary:
          'Analyse the camera’s current picture now with its provider, keeping its labels, minimum score and ' +
          'label zones. Counts against the plan’s AI analysis quota (resource-exhausted past it)',
        body: analyzeRequestSchema,
        response: { 200: analyzeResponseSchema },
      },
    },
    async (req) => ai.analyze({ ...scopedActor(req.session!), uid: req.session!.user.id }, req.body.cameraId),
  );
}
