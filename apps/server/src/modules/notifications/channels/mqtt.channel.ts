import type { DbOrTx } from '@vigil/db';
import type { OutboundPolicy } from '../../../lib/outbound-policy.ts';
import type { SecretBox } from '../../../lib/secrets.ts';
import { eventTopic, mqttEventMessage } from '../mqtt-payload.ts';
import { createMqttPublisher, MqttError } from '../mqtt-publisher.ts';
import { notificationSettingsRepo } from '../notification-settings.repo.ts';
import type { Channel, SendResult } from '../../../lib/delivery-channel.ts';

export interface MqttChannel extends Channel {
  /** Ends every broker connection (the work process's shutdown). */
  close(): Promise<void>;
}

/**
 * An event to the workspace's MQTT broker: QoS 1 on vigil/<workspace>/<camera>/events, in
 * Frigate's event shape. The broker URL is read (and checked against the outbound policy) at each
 * send, so a change or removal applies to the next event; connections are shared per broker URL.
 */
export function createMqttChannel(deps: {
  db: DbOrTx;
  secrets: SecretBox;
  policy: OutboundPolicy;
  idleMs?: number;
  connectTimeoutMs?: number;
}): MqttChannel {
  const publisher = createMqttPublisher(deps);
  return {
    async send(ctx): Promise<SendResult> {
      const sealed = await notificationSettingsRepo.sealedMqttUrl(deps.db, ctx.delivery.workspaceId);
      if (!sealed) return { ok: false, retry: false, skipped: true, error: 'MQTT was turned off for this workspace.' };
      if (!ctx.event) return { ok: false, retry: false, error: 'An MQTT notification needs an event.' };
      const message = mqttEventMessage(ctx.event, ctx);
      try {
        await publisher.publish(deps.secrets.open(sealed), eventTopic(ctx.event), JSON.stringify(message));
        return { ok: true };
      } catch (e) {
        // A broker down or refusing is worth another try; an address the policy now refuses is not.
        return { ok: false, retry: e instanceof MqttError, error: (e as Error).message };
      }
    },
    close: () => publisher.close(),
  };
}
