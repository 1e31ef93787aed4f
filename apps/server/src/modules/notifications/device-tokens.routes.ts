import { deviceTokenSchema, pushConfigSchema, saveDeviceTokenSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
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
  { deviceTokens, vapidPublicKey }: { deviceTokens: DeviceTokensService; vapidPublicKey: string },
) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/push/config',
    {
      access: own,
      summary: 'The VAPID public key a browser subscribes to web push with (applicationServerKey)',
      response: pushConfigSchema,
    },
    () => ({ vapidPublicKey }),
  );

  route.post(
    '/api/v1/device-tokens',
    {
      access: own,
      summary:
        'Save this device for notifications (web: token = the push subscription’s https endpoint, with its keys); saving again refreshes lastUsed and moves the token to the caller',
      body: saveDeviceTokenSchema,
      response: deviceTokenSchema,
    },
    (req) => deviceTokens.save(uid(req), req.body),
  );

  route.get(
    '/api/v1/device-tokens',
    {
      access: own,
      summary: 'The caller’s devices, most recently used first',
      response: z.object({ items: z.array(deviceTokenSchema) }),
    },
    async (req) => ({ items: await deviceTokens.list(uid(req)) }),
  );

  route.delete(
    '/api/v1/device-tokens/:token',
    {
      access: own,
      summary: 'Stop notifying a device of the caller (the token URL-encoded, encodeURIComponent)',
      params: tokenParams,
      status: 204,
    },
    (req) => deviceTokens.remove(uid(req), req.params.token),
  );
}
