import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import { createDeliveriesService } from './deliveries.service.ts';
import { deviceTokensRoutes } from './device-tokens.routes.ts';
import { createDeviceTokensService } from './device-tokens.service.ts';
import { eventImageRoutes } from './event-image.routes.ts';
import { createEventImageService } from './event-image.service.ts';
import { notificationSettingsRoutes } from './notification-settings.routes.ts';
import { createNotificationSettingsService } from './notification-settings.service.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createRulesService } from './rules.service.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';
import { createUnsubscribeService } from './unsubscribe.service.ts';
import { createWebhooksService } from './webhooks.service.ts';

/** The notifications module's front door for a serve process: every route it answers. */
export interface NotificationsDeps {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  publicUrl: string;
  authSecret: string;
  storage: Storage;
  /** The web push public key browsers subscribe with. */
  vapidPublicKey: string;
  /** The camera's live picture (live service), for an event whose thumbnail is not made yet. */
  snapshot(workspaceId: string, cameraId: string): Promise<Buffer>;
}

export function notificationsModule(app: FastifyInstance, deps: NotificationsDeps): void {
  notificationsRoutes(app, {
    rules: createRulesService({ db: deps.db }),
    webhooks: createWebhooksService(deps),
    deliveries: createDeliveriesService({ db: deps.db }),
  });
  eventImageRoutes(app, { images: createEventImageService(deps) });
  deviceTokensRoutes(app, { deviceTokens: createDeviceTokensService(deps), vapidPublicKey: deps.vapidPublicKey });
  notificationSettingsRoutes(app, { settings: createNotificationSettingsService(deps) });
  unsubscribeRoutes(app, { unsubscribe: createUnsubscribeService(deps) });
}
