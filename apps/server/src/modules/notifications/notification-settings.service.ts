import type { Db } from '@vigil/db';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../audit/audit.module.ts';
import { checkTarget, type OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { publish } from '../../lib/realtime.ts';
import { testTopic } from './mqtt-payload.ts';
import { MQTT_SETTINGS_TOPIC } from './mqtt-topics.ts';
import { assertBrokerUrl, publishOnce } from './mqtt-publisher.ts';
import { notificationSettingsRepo } from './notification-settings.repo.ts';
import type { Actor } from './rules.service.ts';

/** What a password is shown as; saving the URL back with it keeps the stored password. */
export const PASSWORD_MASK = '••••••';

export function maskBrokerUrl(url: string): string {
  const u = new URL(url);
  if (!u.password) return u.href;
  // Written out rather than through URL, which would percent-encode the mask.
  return `${u.protocol}//${u.username}:${PASSWORD_MASK}@${u.host}${u.pathname}${u.search}`;
}

/** The masked URL sent back unchanged: the stored password stands in for the mask. */
function unmask(next: URL, stored: string | null): URL {
  if (!stored || decodeURIComponent(next.password) !== PASSWORD_MASK) return next;
  const before = new URL(stored);
  if (before.host !== next.host || before.username !== next.username) return next;
  next.password = before.password;
  return next;
}

export interface NotificationSettings {
  mqttUrl: string | null;
  mqttDiscovery: boolean;
}

/**
 * The workspace's integration settings: the MQTT broker URL, checked against the outbound policy
 * on save (a forbidden address is permission-denied), sealed at rest, shown with its password
 * masked; and whether Home Assistant discovery documents are published.
 */
export function createNotificationSettingsService(deps: { db: Db; secrets: SecretBox; policy: OutboundPolicy }) {
  const { db, secrets } = deps;
  const storedUrl = async (workspaceId: string) => {
    const sealed = await notificationSettingsRepo.sealedMqttUrl(db, workspaceId);
    return sealed ? secrets.open(sealed) : null;
  };

  const get = async (actor: Actor): Promise<NotificationSettings> => {
    const url = await storedUrl(actor.workspaceId);
    const mqttDiscovery = await notificationSettingsRepo.mqttDiscovery(db, actor.workspaceId);
    return { mqttUrl: url ? maskBrokerUrl(url) : null, mqttDiscovery };
  };

  return {
    get,

    async update(
      actor: Actor,
      input: { mqttUrl: string | null; mqttDiscovery?: boolean },
    ): Promise<NotificationSettings> {
      // The broker's address only: its URL may carry a password.
      const save = (sealed: string | null, mqttHost: string | null) =>
        db.transaction(async (tx) => {
          await notificationSettingsRepo.setMqttUrl(tx, actor.workspaceId, sealed, input.mqttDiscovery);
          // The work process's broker link connects, reconnects or leaves at once.
          await publish(tx, { topic: MQTT_SETTINGS_TOPIC, workspaceId: actor.workspaceId });
          const discovery = input.mqttDiscovery === undefined ? {} : { mqttDiscovery: input.mqttDiscovery };
          await audit.record(tx, {
            action: 'settings.notifications-changed',
            targetType: 'workspace',
            targetId: actor.workspaceId,
            details: { mqttHost, ...discovery },
          });
        });
      if (!input.mqttUrl) {
        await save(null, null);
        return get(actor);
      }
      const given = unmask(assertBrokerUrl(input.mqttUrl), await storedUrl(actor.workspaceId));
      const checked = await checkTarget(given.href, deps.policy, 'mqttUrl');
      await save(secrets.seal(checked.url), new URL(checked.url).host);
      return get(actor);
    },

    /** Connects and publishes a test message to vigil/<workspace>/test; answers how it went. */
    async testMqtt(actor: Actor): Promise<{ ok: boolean; code: number | null; error: string | null }> {
      const url = await storedUrl(actor.workspaceId);
      if (!url) throw new AppError('failed-precondition', 'Set an MQTT broker URL first.');
      const payload = JSON.stringify({ type: 'test', at: Date.now() / 1000, message: 'Vigil can publish here.' });
      try {
        await publishOnce(url, deps.policy, testTopic(actor.workspaceId), payload);
        return { ok: true, code: null, error: null };
      } catch (e) {
        return { ok: false, code: null, error: (e as Error).message };
      }
    },
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
