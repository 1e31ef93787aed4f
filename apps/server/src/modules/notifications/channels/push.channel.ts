import { createHash } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import https from 'node:https';
import type { Db } from '@vigil/db';
import type { EventKind } from '@vigil/shared';
import webpush, { WebPushError } from 'web-push';
import { AppError } from '../../../lib/app-error.ts';
import type { OutboundPolicy } from '../../../lib/outbound-policy.ts';
import { checkEndpoint, pushTokens } from '../device-tokens.service.ts';
import type { Vapid } from '../vapid.ts';
import { TASK_TEXT } from '../task-mail.ts';
import type { Channel, DeliveryContext, SendResult } from '../../../lib/delivery-channel.ts';

export interface PushChannelDeps {
  db: Db;
  vapid: Vapid;
  policy: OutboundPolicy;
  /** Extra TLS options for the connection to the push service (a test's `{ ca }`). */
  agentOptions?: https.AgentOptions;
  /** Milliseconds to wait for the push service (10 s by default). */
  timeoutMs?: number;
}

/** What the service worker (apps/web/public/sw.js) shows. */
export interface PushPayload {
  title: string;
  body: string;
  image: string | null;
  url: string;
  /** Replaces an earlier notification of the same event instead of stacking a second one. */
  tag: string;
  eventId: string | null;
}

const KIND_TEXT: Record<'en' | 'fr', Record<EventKind, string>> = {
  en: {
    motion: 'Motion',
    'camera.offline': 'Camera offline',
    'camera.online': 'Camera back online',
    'recording.gap': 'Recording gap',
    'storage.pruned': 'Storage cleaned up',
    'ai.detection': 'AI detection',
    'camera.tamper': 'Camera tampered with',
  },
  fr: {
    motion: 'Mouvement',
    'camera.offline': 'Caméra hors ligne',
    'camera.online': 'Caméra de retour en ligne',
    'recording.gap': 'Trou dans l’enregistrement',
    'storage.pruned': 'Stockage nettoyé',
    'ai.detection': 'Détection IA',
    'camera.tamper': 'Caméra sabotée',
  },
};
const TEST_TEXT = { en: 'Vigil test notification', fr: 'Notification de test Vigil' };

/** The notification in the recipient's language and time zone. */
export function pushPayload(ctx: DeliveryContext, locale: { language: string; timezone: string }): PushPayload {
  const lang = locale.language === 'fr' ? 'fr' : 'en';
  if (ctx.task) {
    const task = ctx.task;
    const text = TASK_TEXT[lang];
    const due = task.dueAt
      ? `${text.due}: ${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: safeZone(locale.timezone) }).format(task.dueAt)}`
      : text.noDue;
    return {
      title: text.pushTitle(task.title),
      body: `${text.priorities[task.priority]} · ${due} · ${task.workspaceName}`,
      image: null,
      url: ctx.link,
      // A second notice of the same task replaces the first on the device.
      tag: `task-${task.id}`,
      eventId: null,
    };
  }
  const e = ctx.event;
  if (!e)
    return {
      title: TEST_TEXT[lang],
      body: '',
      image: ctx.imageUrl,
      url: ctx.link,
      tag: ctx.delivery.id,
      eventId: null,
    };
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'medium', timeZone: locale.timezone });
  return {
    title: `${e.cameraName ?? e.workspaceName} · ${KIND_TEXT[lang][e.kind]}`,
    body: `${when.format(e.startAt)} · ${e.workspaceName}`,
    image: ctx.imageUrl,
    url: ctx.link,
    tag: e.id,
    eventId: e.id,
  };
}

/** A zone Intl does not know (an old preference) reads as UTC rather than failing the send. */
function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** Push services keep one pending message per topic: a retry of the same event replaces, never adds. */
export function pushTopic(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** Connects to the address the policy checked, whatever DNS would answer now (no rebinding). */
function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * Web push (RFC 8030/8291/8292) through the `web-push` library. The endpoint is checked against the
 * outbound policy again at send time (it was checked when saved, but DNS may have changed since)
 * and the connection goes to the checked address; TLS still verifies the endpoint's host name.
 */
export function createPushChannel(deps: PushChannelDeps): Channel {
  const { db, vapid, policy } = deps;
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

  return {
    async send(ctx: DeliveryContext): Promise<SendResult> {
      const endpoint = ctx.delivery.target;
      const token = await pushTokens.forSend(db, endpoint);
      if (!token?.active || !token.keys)
        return { ok: false, retry: false, skipped: true, error: 'this device no longer receives notifications' };
      let address: string;
      try {
        address = (await checkEndpoint(endpoint, policy)).address;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const detail = Object.values(err.fields ?? {}).join('; ') || err.message;
        // A name that does not resolve now may resolve in a minute; a forbidden address never passes.
        return { ok: false, retry: /host not found/.test(detail), error: detail };
      }
      const agent = new https.Agent({ ...deps.agentOptions, lookup: pinnedLookup(address), keepAlive: false });
      const payload = pushPayload(ctx, token);
      try {
        const res = await webpush.sendNotification({ endpoint, keys: token.keys }, JSON.stringify(payload), {
          vapidDetails,
          TTL: 3600,
          urgency: 'high',
          topic: pushTopic(ctx.event?.id ?? (ctx.task ? `task-${ctx.task.id}` : ctx.delivery.id)),
          agent,
          timeout: deps.timeoutMs ?? 10_000,
        });
        return { ok: true, code: res.statusCode };
      } catch (err) {
        return await failure(err, endpoint);
      } finally {
        agent.destroy();
      }
    },
  };

  async function failure(err: unknown, endpoint: string): Promise<SendResult> {
    if (err instanceof WebPushError) {
      const code = err.statusCode;
      const said = err.body ? `: ${String(err.body).slice(0, 200)}` : '';
      if (code === 404 || code === 410) {
        // The subscription is gone for good (unsubscribed, expired): stop using this token.
        await pushTokens.deactivate(db, endpoint);
        return { ok: false, retry: false, code, error: `the push service says the subscription is gone (${code})` };
      }
      const retry = code === 429 || code >= 500;
      return { ok: false, retry, code, error: `the push service answered ${code}${said}` };
    }
    const e = err as NodeJS.ErrnoException;
    // A socket error or timeout may pass; anything else (a malformed subscription key) will not.
    const network = typeof e?.code === 'string' || /timeout/i.test(e?.message ?? '');
    return { ok: false, retry: network, error: `push not sent: ${e?.code ?? e?.message ?? String(err)}` };
  }
}
