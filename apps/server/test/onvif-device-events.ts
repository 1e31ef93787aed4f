import type { OnvifDevicePlugin } from './onvif-device.ts';

/**
 * The event service of the test ONVIF device (ONVIF Core §9, events ver10), as a plugin of
 * onvif-device.ts: CreatePullPointSubscription hands out a subscription address under its path,
 * PullMessages holds the request until a notification is queued or its Timeout passes (a long
 * poll, as cameras do), Renew extends it, Unsubscribe ends it. A subscription past its
 * termination time, or forgotten by `reboot()`, is answered with a ResourceUnknown fault, as a
 * camera that restarted answers. Tests queue notifications with `emit` (a whole
 * NotificationMessage, so they can also send what real cameras send).
 */
export interface EventsPlugin extends OnvifDevicePlugin {
  /** Queues a notification for every live subscription (and wakes their polls). */
  emit(notificationXml: string): void;
  /** The camera restarts: every subscription is forgotten. */
  reboot(): void;
  readonly stats: { created: number; renewed: number; pulls: number; unsubscribed: number; live: number };
  /** Ends the polls still waiting (before the device stops). */
  close(): void;
}

const tag = (xml: string, name: string) =>
  new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*>([^<]*)</(?:[\\w-]+:)?${name}>`).exec(xml)?.[1]?.trim() ?? null;

/** PT20S / PT1M → ms (the forms clients send). */
function duration(v: string | null, fallback: number): number {
  const m = v && /^PT(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(v);
  if (!m) return fallback;
  return (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 1000;
}

/** One notification in the topics' usual shape: `data` are the Data SimpleItems. */
export function notification(
  topic: string,
  data: Record<string, string>,
  o: { operation?: 'Initialized' | 'Changed'; source?: Record<string, string> } = {},
): string {
  const items = (r: Record<string, string>) =>
    Object.entries(r)
      .map(([k, v]) => `<tt:SimpleItem Name="${k}" Value="${v}"/>`)
      .join('');
  return (
    `<wsnt:NotificationMessage><wsnt:Topic Dialect="http://www.onvif.org/ver10/tev/topicExpression/ConcreteSet">${topic}</wsnt:Topic>` +
    `<wsnt:Message><tt:Message UtcTime="${new Date().toISOString()}" PropertyOperation="${o.operation ?? 'Changed'}">` +
    `<tt:Source>${items(o.source ?? { VideoSourceConfigurationToken: 'vs' })}</tt:Source><tt:Data>${items(data)}</tt:Data>` +
    '</tt:Message></wsnt:Message></wsnt:NotificationMessage>'
  );
}

const NS =
  'xmlns:tev="http://www.onvif.org/ver10/events/wsdl" xmlns:wsnt="http://docs.oasis-open.org/wsn/b-2" ' +
  'xmlns:wsa5="http://www.w3.org/2005/08/addressing" xmlns:tns1="http://www.onvif.org/ver10/topics" ' +
  'xmlns:tt="http://www.onvif.org/ver10/schema"';

export function eventsPlugin(o: { base: () => string; path?: string } = { base: () => '' }): EventsPlugin {
  const path = o.path ?? '/onvif/event_service';
  const subs = new Map<string, { until: number; queue: string[]; wake?: () => void }>();
  const stats = {
    created: 0,
    renewed: 0,
    pulls: 0,
    unsubscribed: 0,
    /** Subscriptions not yet ended nor past their time. */
    get live() {
      return [...subs.values()].filter((s) => s.until >= Date.now()).length;
    },
  };
  let next = 0;
  const iso = (t: number) => new Date(t).toISOString();

  /** The subscription a call names: its wsa:To header, else the path it came to. */
  function find(body: string) {
    const id = /sub=(\d+)/.exec(tag(body, 'To') ?? '')?.[1];
    const sub = id ? subs.get(id) : undefined;
    if (!sub || sub.until < Date.now()) return undefined;
    return { id: id!, sub };
  }
  const unknown = { fault: ['wsrf-rw:ResourceUnknownFault', 'No such subscription'] as [string, string] };

  return {
    service: 'events',
    path,
    namespace: 'http://www.onvif.org/ver10/events/wsdl',
    stats,
    emit(xml) {
      for (const s of subs.values()) {
        s.queue.push(xml);
        s.wake?.();
      }
    },
    reboot() {
      for (const s of subs.values()) s.wake?.();
      subs.clear();
    },
    close() {
      for (const s of subs.values()) s.wake?.();
    },
    async handle(op, body) {
      const now = Date.now();
      switch (op) {
        case 'CreatePullPointSubscription': {
          const ttl = duration(tag(body, 'InitialTerminationTime'), 60_000);
          const id = String(++next);
          subs.set(id, { until: now + ttl, queue: [] });
          stats.created += 1;
          return (
            `<tev:CreatePullPointSubscriptionResponse ${NS}><tev:SubscriptionReference>` +
            `<wsa5:Address>${o.base()}${path}?sub=${id}</wsa5:Address></tev:SubscriptionReference>` +
            `<wsnt:CurrentTime>${iso(now)}</wsnt:CurrentTime><wsnt:TerminationTime>${iso(now + ttl)}</wsnt:TerminationTime>` +
            '</tev:CreatePullPointSubscriptionResponse>'
          );
        }
        case 'PullMessages': {
          const found = find(body);
          if (!found) return unknown;
          stats.pulls += 1;
          const { sub } = found;
          if (sub.queue.length === 0) {
            const wait = Math.min(duration(tag(body, 'Timeout'), 1000), 60_000);
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, wait);
              sub.wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            sub.wake = undefined;
          }
          // Rebooted meanwhile: the poll ends with the fault a restarted camera gives.
          if (!find(body)) return unknown;
          const messages = sub.queue.splice(0);
          const t = Date.now();
          return (
            `<tev:PullMessagesResponse ${NS}><tev:CurrentTime>${iso(t)}</tev:CurrentTime>` +
            `<tev:TerminationTime>${iso(sub.until)}</tev:TerminationTime>${messages.join('')}</tev:PullMessagesResponse>`
          );
        }
        case 'Renew': {
          const found = find(body);
          if (!found) return unknown;
          const ttl = duration(tag(body, 'TerminationTime'), 60_000);
          found.sub.until = now + ttl;
          stats.renewed += 1;
          return (
            `<wsnt:RenewResponse ${NS}><wsnt:TerminationTime>${iso(now + ttl)}</wsnt:TerminationTime>` +
            `<wsnt:CurrentTime>${iso(now)}</wsnt:CurrentTime></wsnt:RenewResponse>`
          );
        }
        case 'Unsubscribe': {
          const found = find(body);
          if (!found) return unknown;
          found.sub.wake?.();
          subs.delete(found.id);
          stats.unsubscribed += 1;
          return `<wsnt:UnsubscribeResponse ${NS}/>`;
        }
        default:
          return undefined;
      }
    },
  };
}
