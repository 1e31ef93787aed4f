import {
  ptzMoveSchema,
  ptzPresetListSchema,
  ptzPresetParamsSchema,
  ptzPresetSchema,
  ptzSavePresetSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { PtzService } from './ptz.service.ts';

// Whoever watches the tiles may steer the cameras they reach; viewers only look.
const steerers = access.roles('operator', 'manager', 'admin');
const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function ptzRoutes(app: FastifyInstance, { ptz }: { ptz: PtzService }) {
  const route = apiRoutes(app, ['cameras']);

  route.post(
    '/api/v1/cameras/:id/ptz/move',
    {
      access: steerers,
      summary:
        'Move an ONVIF camera at these velocities (pan, tilt, zoom, each −1…1) until a stop, or until 1 s passes without another move (repeat it while the control is held)',
      params: idParams,
      body: ptzMoveSchema,
      status: 204,
    },
    (req) => ptz.move(actor(req), req.params.id, req.body),
  );

  route.post(
    '/api/v1/cameras/:id/ptz/stop',
    { access: steerers, summary: 'Stop the camera’s pan, tilt and zoom', params: idParams, status: 204 },
    (req) => ptz.stop(actor(req), req.params.id),
  );

  route.post(
    '/api/v1/cameras/:id/ptz/home',
    { access: steerers, summary: 'Send the camera to its home position', params: idParams, status: 204 },
    (req) => ptz.home(actor(req), req.params.id),
  );

  route.get(
    '/api/v1/cameras/:id/ptz/presets',
    {
      access: steerers,
      summary: 'The presets the camera keeps (token and name)',
      params: idParams,
      response: ptzPresetListSchema,
    },
    (req) => ptz.presets(actor(req), req.params.id),
  );

  route.put(
    '/api/v1/cameras/:id/ptz/presets',
    {
      access: steerers,
      summary: 'Save the camera’s current position as a new preset under this name',
      params: idParams,
      body: ptzSavePresetSchema,
      response: ptzPresetSchema,
      status: 201,
    },
    (req) => ptz.savePreset(actor(req), req.params.id, req.body.name),
  );

  route.post(
    '/api/v1/cameras/:id/ptz/presets/:token/goto',
    { access: steerers, summary: 'Move the camera to one of its presets', params: ptzPresetParamsSchema, status: 204 },
    (req) => ptz.gotoPreset(actor(req), req.params.id, req.params.token),
  );

  route.delete(
    '/api/v1/cameras/:id/ptz/presets/:token',
    { access: steerers, summary: 'Delete one of the camera’s presets', params: ptzPresetParamsSchema, status: 204 },
    (req) => ptz.removePreset(actor(req), req.params.id, req.params.token),
  );
}
