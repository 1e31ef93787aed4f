import { talkbackAnswerSchema, talkbackOfferSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import { viewer } from './live.routes.ts';
import type { Talkback } from './talkback.service.ts';

/** Operators and up, in person: a microphone belongs to a browser session, never to an API key. */
const talkers = access.personOnly(access.roles('operator', 'manager', 'admin'));

export function talkbackRoutes(app: FastifyInstance, { talkback }: { talkback: Talkback }) {
  const route = apiRoutes(app, ['live']);

  route.post(
    '/api/v1/cameras/:id/talkback',
    {
      access: talkers,
      summary:
        'Talk through the camera’s loudspeaker (ONVIF audio backchannel): the browser offer (one sendonly Opus track, candidates gathered) in, the answer out; the camera hears G.711 until the session ends',
      params: idParams,
      body: talkbackOfferSchema,
      response: talkbackAnswerSchema,
    },
    (req) => talkback.start(viewer(req), req.params.id, req.body.sdp),
  );

  route.delete(
    '/api/v1/cameras/:id/talkback/:sessionId',
    {
      access: talkers,
      summary: 'Stops talking through the camera (push-to-talk released)',
      params: idParams.extend({ sessionId: z.string().uuid() }),
      status: 204,
    },
    (req) => talkback.stop(viewer(req), req.params.id, req.params.sessionId),
  );
}
