import type { Db } from '@vigil/db';
import type { OutboundPolicy } from '../../lib/outbound-policy.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import type { MailService } from '../mail/mail.module.ts';
import type { Channels } from '../../lib/delivery-channel.ts';
import { createEmailChannel } from './channels/email.channel.ts';
import { createMqttChannel } from './channels/mqtt.channel.ts';
import { createPushChannel } from './channels/push.channel.ts';
import { createWebhookChannel } from './channels/webhook.channel.ts';
import { createDigest } from './digest.service.ts';
import { fanOutEvent } from './fanout.service.ts';
import { createSmsChannel } from '../sms/sms.module.ts';
import { twilioProvider } from '../sms/sms.module.ts';
import { createSender } from './send.service.ts';
import { fanOutTask } from './task-fanout.service.ts';
import type { Vapid } from './vapid.ts';

/**
 * The notifications module's work part (started by notifications.module.ts): the queue tasks that
 * decide who hears about an event (`notify-event`) or a task's assignment (`notify-task`) and send
 * each delivery (`notify-send`), with every channel this installation can use.
 */
export interface NotifierDeps {
  db: Db;
  secrets: SecretBox;
  policy: OutboundPolicy;
  publicUrl: string;
  authSecret: string;
  /** Rich mail (the email channel and the digest); without it (some tests) there is no email channel. */
  mail?: Pick<MailService, 'deliver'>;
  /** Web push keys; without them (some tests) there is no push channel. */
  vapid?: Vapid;
  /** Where the Twilio SDK's calls go; without it (some tests) there is no SMS channel. */
  twilioApiUrl?: string;
  /** Where event pictures are (inlined in emails). */
  storage?: Pick<Storage, 'read'>;
  log?: (m: string) => void;
  /** Test knobs. */
  digestHour?: number;
  retryDelaysMs?: readonly number[];
  pictureWaitMs?: number;
  /** Channels given by the caller win over the built ones (tests). */
  channels?: Channels;
}

export function createNotifier(deps: NotifierDeps) {
  const { mail, storage } = deps;
  const mqtt = createMqttChannel(deps);
  const channels: Channels = {
    webhook: createWebhookChannel(deps),
    ...(mail && storage ? { email: createEmailChannel({ ...deps, mail, storage }) } : {}),
    mqtt,
    ...(deps.vapid ? { push: createPushChannel({ ...deps, vapid: deps.vapid }) } : {}),
    ...(deps.twilioApiUrl ? { sms: createSmsChannel({ ...deps, providers: twilioProvider(deps.twilioApiUrl) }) } : {}),
    ...deps.channels,
  };
  const sender = createSender({ ...deps, channels });
  const digest = mail ? createDigest({ ...deps, mail, hour: deps.digestHour }) : null;
  return {
    tasks: {
      'notify-event': async (p: { eventId: string }) => void (await fanOutEvent(deps.db, p.eventId)),
      'notify-send': (p: { deliveryId: string }) => sender.run(p.deliveryId),
      'notify-task': async (p: { taskId: string; seq: number }) => void (await fanOutTask(deps.db, p.taskId, p.seq)),
      'notify-digest': async () => void (await digest?.run()),
    },
    /** Ends the broker connections (MQTT). */
    close: () => mqtt.close(),
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
