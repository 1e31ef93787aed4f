import { notificationSettingsSchema, updateNotificationSettingsSchema } from '@vigil/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from '../../lib/api-route.ts';
import { scopedActor } from '../../lib/camera-scope.ts';
import { access } from '../../plugins/access.ts';
import type { NotificationSettingsService } from './notification-settings.service.ts';

const tags = ['notifications'];
// Owners (user → manager), managers and admins connect the workspace to other systems.
const managers = access.roles('manager', 'admin');
const actor = (req: FastifyRequest) => ({ ...scopedActor(req.session!), uid: req.session!.user.id });
const testResultSchema = z.object({ ok: z.boolean(), code: z.number().int().nullable(), error: z.string().nullable() });

export function notificationSettingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: NotificationSettingsService },
) {
  const route = apiRoutes(app, tags);

  route.get(
    '/api/v1/notifications/settings',
    {
      access: managers,
      summary: 'The workspace’s integrations: the MQTT broker URL (password masked)',
      response: notificationSettingsSchema,
    },
    (req) => settings.get(actor(req)),
  );
  route.put(
    '/api/v1/notifications/settings',
    {
      access: managers,
      summary:
        'Set the MQTT broker (mqtt:// or mqtts://, checked against the outbound address policy; null turns MQTT off). A password sent back masked keeps the stored one',
      body: updateNotificationSettingsSchema,
      response: notificationSettingsSchema,
    },
    (req) => settings.update(actor(req), req.body),
  );
  route.post(
    '/api/v1/notifications/settings/mqtt-test',
    {
      access: managers,
      summary: 'Connect to the broker and publish a test message to vigil/<workspace>/test; answers ok or the error',
      response: testResultSchema,
    },
    (req) => settings.testMqtt(actor(req)),
  );
}
