import { onvifProbeInputSchema, onvifProbeResultSchema } from '@vigil/shared';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../lib/api-route.ts';
import { access } from '../../plugins/access.ts';
import type { OnvifService } from './onvif.service.ts';

export function onvifRoutes(app: FastifyInstance, { onvif }: { onvif: OnvifService }) {
  const route = apiRoutes(app, ['cameras']);
  route.post(
    '/api/v1/cameras/onvif/probe',
    {
      // Those who may add a camera may ask a device what it offers (every plan).
      access: access.roles('manager', 'admin'),
      summary:
        'Ask an ONVIF camera at host[:port] for its model and profiles (codec, size, frame rate, stream address), and whether it has PTZ, events and a sound backchannel',
      body: onvifProbeInputSchema,
      response: onvifProbeResultSchema,
    },
    (req) => onvif.probe(req.body),
  );
}
