import type { Db } from '@vigil/db';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../kernel/module.ts';
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
import { createNotifier } from './notifier.ts';
import { createMqttBridge } from './mqtt-bridge.service.ts';
import { createRealtimeHub } from '../../lib/realtime.ts';
import { loadVapid } from './vapid.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * Notifications. Serve: rules, webhooks, deliveries, device tokens, settings, unsubscribe links
 * and event pictures. Work: who hears about an event or a task (`notify-event`, `notify-task`),
 * each delivery (`notify-send`), the daily digests (hourly, each at its local hour), and the
 * live MQTT link to each workspace's broker for Home Assistant.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  auditActions: [
    'webhook.created',
    'webhook.updated',
    'webhook.deleted',
    'notification-rule.created',
    'notification-rule.updated',
    'notification-rule.deleted',
    'settings.notifications-changed',
  ],
  serve: {
    needs: ['live'],
    register: (app, { db, secrets, policy, storage, config, get }) => {
      const live = get('live');
      notificationsRoutesOf(app, {
        db,
        secrets,
        policy,
        storage,
        publicUrl: config.publicUrl,
        authSecret: config.authSecret,
        vapidPublicKey: loadVapid(config).publicKey,
        // The camera's live picture, for an event whose thumbnail is not made yet.
        snapshot: (workspaceId, cameraId) =>
          live.snapshot({ workspaceId, cameraIds: null, uid: `notification:${cameraId}`, sessionId: '' }, cameraId),
      });
    },
  },
  work: {
    needs: ['mail', 'cameras'],
    crontab: ['0 * * * * notify-digest ?max=1&jobKey=notify-digest'],
    start: async ({ db, secrets, policy, storage, config, log, get, databaseUrl }) => {
      const notifier = createNotifier({
        vapid: loadVapid(config),
        twilioApiUrl: config.twilioApiUrl,
        db,
        mail: get('mail'),
        storage,
        log,
        secrets,
        policy,
        publicUrl: config.publicUrl,
        authSecret: config.authSecret,
      });
      // Home Assistant's live link: states, discovery, availability and commands on each broker.
      const hub = createRealtimeHub(databaseUrl, log);
      await hub.start();
      const bridge = createMqttBridge({
        db,
        secrets,
        policy,
        hub,
        cameras: get('cameras'),
        storage,
        publicUrl: config.publicUrl,
        authSecret: config.authSecret,
        log,
      });
      await bridge.start();
      return {
        tasks: notifier.tasks,
        stop: async () => {
          await bridge.stop();
          await hub.stop();
          await notifier.close();
        },
      };
    },
  },
});

interface NotificationsDeps {
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

function notificationsRoutesOf(app: FastifyInstance, deps: NotificationsDeps): void {
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
