import {
  armCameraSchema,
  snoozeSchema,
  cameraSchema,
  cameraSourceInputSchema,
  createCameraSchema,
  listQuerySchema,
  pageSchema,
  probeResultSchema,
  updateCameraSchema,
} from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { CamerasService } from './cameras.service.ts';

const tags = ['cameras'];
const idParams = z.object({ id: z.string().uuid() });
// Every member may look; owners (user → manager), managers and admins change (DESIGN §2).
const readers = access.signedIn;
const editors = access.roles('manager', 'admin');

/** The caller's workspace and camera scope: every object-level check is scoped by both. */
const actor = (req: FastifyRequest) => scopedActor(req.session!);

export function camerasRoutes(app: FastifyInstance, deps: { cameras: CamerasService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { cameras } = deps;

  r.get(
    '/api/v1/cameras',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Cameras of the caller’s workspace (where, orderBy: createdAt | name, limit, startAfter)',
        querystring: listQuerySchema,
        response: { 200: pageSchema(cameraSchema) },
      },
    },
    async (req) => cameras.list(actor(req), req.query),
  );

  r.post(
    '/api/v1/cameras',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Add a camera (counts against limits.maxCameras of the workspace owner)',
        body: createCameraSchema.strict(),
        response: { 201: cameraSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await cameras.create(actor(req), req.body)),
  );

  r.post(
    '/api/v1/cameras/probe',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Test a source before saving it: codec, resolution and frame rate, or why it failed',
        body: z.object({ source: cameraSourceInputSchema }).strict(),
        response: { 200: probeResultSchema },
      },
    },
    async (req) => cameras.probeSource(req.body.source),
  );

  r.get(
    '/api/v1/cameras/:id',
    {
      config: { access: readers },
      schema: { tags, summary: 'One camera', params: idParams, response: { 200: cameraSchema } },
    },
    async (req) => cameras.get(actor(req), req.params.id),
  );

  r.patch(
    '/api/v1/cameras/:id',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Change a camera; enabled:false stops its recorder',
        params: idParams,
        body: updateCameraSchema,
        response: { 200: cameraSchema },
      },
    },
    async (req) => cameras.update(actor(req), req.params.id, req.body),
  );

  r.delete(
    '/api/v1/cameras/:id',
    {
      config: { access: editors },
      schema: { tags, summary: 'Remove a camera and its recordings', params: idParams },
    },
    async (req, reply) => {
      await cameras.remove(actor(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/v1/cameras/:id/arming',
    {
      config: { access: editors },
      schema: {
        tags,
        summary:
          'Arm or disarm a camera by hand for some minutes ({ armed, minutes }), or follow its schedule again ({ resume: true })',
        params: idParams,
        body: armCameraSchema,
        response: { 200: cameraSchema },
      },
    },
    async (req) => cameras.arm(actor(req), req.params.id, req.body),
  );

  r.post(
    '/api/v1/cameras/:id/snooze',
    {
      // Whoever watches the tiles may quiet a busy scene for a while.
      config: { access: access.roles('operator', 'manager', 'admin') },
      schema: {
        tags,
        summary:
          'Snooze the camera’s notifications to people for some minutes ({ minutes: 0 } ends it); webhooks and MQTT still receive',
        params: idParams,
        body: snoozeSchema,
        response: { 200: cameraSchema },
      },
    },
    async (req) => cameras.snooze(actor(req), req.params.id, req.body.minutes),
  );

  r.post(
    '/api/v1/cameras/:id/probe',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Test a saved camera’s connection with its stored credentials',
        params: idParams,
        response: { 200: probeResultSchema },
      },
    },
    async (req) => cameras.probeSaved(actor(req), req.params.id),
  );
}
