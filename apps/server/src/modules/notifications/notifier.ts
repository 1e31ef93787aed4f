import type { Db } from '@vigil/db';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Channels } from './channels/channel.ts';
import { createWebhookChannel } from './channels/webhook.channel.ts';
import { fanOutEvent } from './fanout.service.ts';
import { createSender } from './send.service.ts';

/**
 * The notifications module's front door for a work process: the queue tasks that decide who
 * hears about an event (`notify-event`) and send each delivery (`notify-send`), with every
 * channel this installation can use.
 */
export interface NotifierDeps {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  publicUrl: string;
  authSecret: string;
  /** Test knobs. */
  retryDelaysMs?: readonly number[];
  pictureWaitMs?: number;
  /** Channels given by the caller win over the built ones (tests). */
  channels?: Channels;
}

export function createNotifier(deps: NotifierDeps) {
  const channels: Channels = {
    webhook: createWebhookChannel(deps),
    ...deps.channels,
  };
  const sender = createSender({ ...deps, channels });
  return {
    tasks: {
      'notify-event': async (p: { eventId: string }) => void (await fanOutEvent(deps.db, p.eventId)),
      'notify-send': (p: { deliveryId: string }) => sender.run(p.deliveryId),
    },
    async close(): Promise<void> {},
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
