import {
  armCameraSchema,
  snoozeSchema,
  cameraListSchema,
  cameraSchema,
  cameraSourceInputSchema,
  createCameraRequestSchema,
  listQuerySchema,
  probeResultSchema,
  updateCameraSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes, idParams } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { CamerasService } from './cameras.service.ts';

const tags = ['cameras'];
// Every member may look; owners (user → manager), managers and admins change (DESIGN §2).
const readers = access.signedIn;
const editors = access.roles('manager', 'admin');

/** The caller's workspace and camera scope: every object-level check is scoped by both. */
const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function camerasRoutes(app: FastifyInstance, { cameras }: { cameras: CamerasService }) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/cameras',
    {
      access: readers,
      summary:
        'Cameras of the caller’s workspace (where, orderBy: createdAt | name, limit, startAfter), with the ' +
        'workspace’s count against the plan’s camera limit (quota; null for a member limited to some cameras)',
      querystring: listQuerySchema,
      response: cameraListSchema,
    },
    (req) => cameras.list(actor(req), req.query),
  );

  route.post(
    '/api/v1/cameras',
    {
      access: editors,
      summary:
        'Add a camera (counts against limits.maxCameras of the workspace owner); an ONVIF source (address, credentials, profile, subProfile) is saved as its RTSP stream and substream',
      body: createCameraRequestSchema.strict(),
      response: cameraSchema,
      status: 201,
    },
    (req) => cameras.create(actor(req), req.body),
  );

  route.post(
    '/api/v1/cameras/probe',
    {
      access: editors,
      summary: 'Test a source before saving it: codec, resolution and frame rate, or why it failed',
      body: z.object({ source: cameraSourceInputSchema }).strict(),
      response: probeResultSchema,
    },
    (req) => cameras.probeSource(req.body.source),
  );

  route.object('/api/v1/cameras/:id', actor, cameras, {
    get: { access: readers, summary: 'One camera', response: cameraSchema },
    update: {
      access: editors,
      summary: 'Change a camera; enabled:false stops its recorder',
      body: updateCameraSchema,
      response: cameraSchema,
    },
    remove: { access: editors, summary: 'Remove a camera and its recordings' },
  });

  route.post(
    '/api/v1/cameras/:id/arming',
    {
      access: editors,
      summary:
        'Arm or disarm a camera by hand for some minutes ({ armed, minutes }), or follow its schedule again ({ resume: true })',
      params: idParams,
      body: armCameraSchema,
      response: cameraSchema,
    },
    (req) => cameras.arm(actor(req), req.params.id, req.body),
  );

  route.post(
    '/api/v1/cameras/:id/snooze',
    {
      // Whoever watches the tiles may quiet a busy scene for a while.
      access: access.roles('operator', 'manager', 'admin'),
      summary:
        'Snooze the camera’s notifications to people for some minutes ({ minutes: 0 } ends it); webhooks and MQTT still receive',
      params: idParams,
      body: snoozeSchema,
      response: cameraSchema,
    },
    (req) => cameras.snooze(actor(req), req.params.id, req.body.minutes),
  );

  route.post(
    '/api/v1/cameras/:id/probe',
    {
      access: editors,
      summary: 'Test a saved camera’s connection with its stored credentials',
      params: idParams,
      response: probeResultSchema,
    },
    (req) => cameras.probeSaved(actor(req), req.params.id),
  );
}
