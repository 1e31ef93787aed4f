import { deviceTokenSchema, pushConfigSchema, saveDeviceTokenSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../plugins/access.ts';
import type { DeviceTokensService } from './device-tokens.service.ts';

const tags = ['notifications'];
// Each person manages the devices they are notified on, whatever their role; an API key never
// points its creator's notifications somewhere else.
const own = access.personOnly(access.signedIn);
/** A push endpoint URL-encoded in the path (app.ts raises the router's maxParamLength for it). */
const tokenParams = z.object({ token: z.string().min(1).max(2000) });

const uid = (req: FastifyRequest) => req.session!.user.id;

export function deviceTokensRoutes(
  app: FastifyInstance,
  deps: { deviceTokens: DeviceTokensService; vapidPublicKey: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deviceTokens, vapidPublicKey } = deps;

  r.get(
    '/api/v1/push/config',
    {
      config: { access: own },
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes to web push with (applicationServerKey)',
        response: { 200: pushConfigSchema },
      },
    },
    async () => ({ vapidPublicKey }),
  );

  r.post(
    '/api/v1/device-tokens',
    {
      config: { access: own },
      schema: {
        tags,
        summary:
          'Save this device for notifications (web: token = the push subscription’s https endpoint, with its keys); saving again refreshes lastUsed and moves the token to the caller',
        body: saveDeviceTokenSchema,
        response: { 200: deviceTokenSchema },
      },
    },
    async (req) => deviceTokens.save(uid(req), req.body),
  );

  r.get(
    '/api/v1/device-tokens',
    {
      config: { access: own },
      schema: {
        tags,
        summary: 'The caller’s devices, most recently used first',
        response: { 200: z.object({ items: z.array(deviceTokenSchema) }) },
      },
    },
    async (req) => ({ items: await deviceTokens.list(uid(req)) }),
  );

  r.delete(
    '/api/v1/device-tokens/:token',
    {
      config: { access: own },
      schema: {
        tags,
        summary: 'Stop notifying a device of the caller (the token URL-encoded, encodeURIComponent)',
        params: tokenParams,
      },
    },
    async (req, reply) => {
      await deviceTokens.remove(uid(req), req.params.token);
      return reply.status(204).send();
    },
  );
}
