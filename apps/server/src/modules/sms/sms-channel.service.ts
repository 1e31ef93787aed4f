import { type EventKind, type SmsTemplates, renderSms } from '@vigil/shared';
import type { Channel, DeliveryContext, SendResult } from '../../lib/delivery-channel.ts';
import { type SmsDeps, createSmsSender } from './sms-sender.service.ts';
import { smsRepo as repo } from './sms.repo.ts';

/** How {kind} reads in a message. */
export const SMS_KIND_LABELS: Record<EventKind, string> = {
  motion: 'Motion',
  'camera.offline': 'Camera offline',
  'camera.online': 'Camera back online',
  'recording.gap': 'Recording gap',
  'storage.pruned': 'Old footage pruned',
  'ai.detection': 'AI detection',
  'camera.tamper': 'Camera tampered with',
};

/** "10 Mar, 14:05" in the workspace's time zone. */
export function smsTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The body of one delivery: the kind's template (else the default) with the event's values. */
export function smsBody(templates: SmsTemplates, ctx: DeliveryContext, timeZone: string): string {
  const e = ctx.event;
  const template = (e && templates[e.kind]) || templates.default;
  return renderSms(template, {
    camera: e?.cameraName ?? e?.workspaceName ?? 'Vigil',
    kind: e ? SMS_KIND_LABELS[e.kind] : 'Notification',
    time: smsTime(e?.startAt ?? new Date(), timeZone),
    link: ctx.link,
  });
}

/**
 * The SMS channel of the delivery engine: ctx.delivery.target is the E.164 number. Each attempt is
 * one sms_messages row carrying the delivery id. Opted out, monthly cap, SMS off or not set up:
 * skipped (not an error, never retried). Over the rate per minute: retried. The provider's 4xx
 * (invalid number…) is final; its 5xx or no answer is retried.
 */
export function createSmsChannel(deps: SmsDeps): Channel {
  const sender = createSmsSender(deps);
  return {
    async send(ctx: DeliveryContext): Promise<SendResult> {
      const { workspaceId, id, target } = ctx.delivery;
      const [settings, timeZone] = await Promise.all([
        repo.settings(deps.db, workspaceId),
        repo.timeZone(deps.db, workspaceId),
      ]);
      const templates = (settings?.templates as SmsTemplates | undefined) ?? { default: '' };
      const out = await sender.send(workspaceId, target, smsBody(templates, ctx, timeZone), { deliveryId: id });
      switch (out.kind) {
        case 'sent':
          return { ok: true, info: out.message.providerSid ?? undefined };
        case 'failed':
          return { ok: false, retry: out.error.retry, code: out.error.status ?? undefined, error: out.error.message };
        case 'rate-limited':
          return { ok: false, retry: true, code: 429, error: out.text };
        case 'refused':
          return { ok: false, retry: false, skipped: true, error: out.text };
      }
    },
  };
}
