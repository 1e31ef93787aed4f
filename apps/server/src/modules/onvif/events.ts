import { type XmlNode, find, findAll, textOf } from './xml.ts';

/**
 * The camera's own events (ONVIF Core, the event service's PullPoint): the requests that create,
 * pull, renew and end a subscription, the readers of their answers, and what each notification
 * means for Vigil. Cameras agree on the standard topics but not on their prefixes, their data
 * item names or their casing (Hikvision sends State="FALSE", some firmware 1/0), so topics are
 * compared by their local names and the known variants are listed here.
 */

const WSNT = 'http://docs.oasis-open.org/wsn/b-2';
const EVENTS_WSDL = 'http://www.onvif.org/ver10/events/wsdl';

/** WS-Addressing actions some cameras (Hikvision among them) route a subscription's calls by. */
export const EVENT_ACTIONS = {
  pull: `${EVENTS_WSDL}/PullPointSubscription/PullMessagesRequest`,
  renew: `${WSNT}/SubscriptionManager/RenewRequest`,
  unsubscribe: `${WSNT}/SubscriptionManager/UnsubscribeRequest`,
} as const;

const seconds = (s: number) => `PT${Math.max(1, Math.round(s))}S`;

export const EVENT_OPS = {
  createPullPoint: (ttlSeconds: number) =>
    `<tev:CreatePullPointSubscription><tev:InitialTerminationTime>${seconds(ttlSeconds)}</tev:InitialTerminationTime></tev:CreatePullPointSubscription>`,
  pullMessages: (timeoutSeconds: number, limit: number) =>
    `<tev:PullMessages><tev:Timeout>${seconds(timeoutSeconds)}</tev:Timeout><tev:MessageLimit>${limit}</tev:MessageLimit></tev:PullMessages>`,
  renew: (ttlSeconds: number) =>
    `<wsnt:Renew xmlns:wsnt="${WSNT}"><wsnt:TerminationTime>${seconds(ttlSeconds)}</wsnt:TerminationTime></wsnt:Renew>`,
  unsubscribe: `<wsnt:Unsubscribe xmlns:wsnt="${WSNT}"/>`,
};

/** The subscription's address as the device named it (the caller checks it against the device). */
export interface Subscription {
  address: string;
  /** Its lifetime as the device counts it (termination minus the device's current time), in ms. */
  ttlMs: number | null;
}

const time = (v: string | null) => {
  if (!v) return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : null;
};

function lifetime(node: XmlNode): number | null {
  const current = time(textOf(node, 'CurrentTime'));
  const termination = time(textOf(node, 'TerminationTime'));
  return current !== null && termination !== null && termination > current ? termination - current : null;
}

/** CreatePullPointSubscriptionResponse: SubscriptionReference/Address and the two times. */
export function parseSubscription(doc: XmlNode): Subscription | null {
  const r = find(doc, 'CreatePullPointSubscriptionResponse');
  const address = r ? textOf(r, 'SubscriptionReference', 'Address') : null;
  if (!r || !address) return null;
  return { address, ttlMs: lifetime(r) };
}

/** RenewResponse: the new termination time (some devices omit CurrentTime: then unknown). */
export function parseRenew(doc: XmlNode): number | null {
  const r = find(doc, 'RenewResponse');
  return r ? lifetime(r) : null;
}

export interface Notification {
  /** The topic's local names (tns1:RuleEngine/tnshik:X/Motion → RuleEngine/X/Motion). */
  topic: string;
  /** As the device wrote it (its prefixes), for the event's detail. */
  rawTopic: string;
  utcTime: string | null;
  /** Initialized (the state when the subscription began), Changed, Deleted; absent on some firmware. */
  operation: string | null;
  source: Record<string, string>;
  data: Record<string, string>;
}

/** At most this many notifications read from one answer (the request asks for fewer). */
const MAX_MESSAGES = 100;

const items = (node: XmlNode | undefined): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!node) return out;
  for (const it of findAll(node, 'SimpleItem')) {
    const name = it.attrs.Name;
    if (name && name.length <= 64 && !(name in out)) out[name] = (it.attrs.Value ?? '').slice(0, 200);
  }
  return out;
};

export function localTopic(raw: string): string {
  return raw
    .trim()
    .split('/')
    .map((part) => part.slice(part.indexOf(':') + 1))
    .join('/');
}

function notificationOf(n: XmlNode): Notification | null {
  const topicNode = n.children.find((c) => c.name === 'Topic');
  const rawTopic = topicNode?.text ?? '';
  if (!rawTopic || rawTopic.length > 256) return null;
  const message = find(n, 'Message', 'Message') ?? find(n, 'Message');
  if (!message) return null;
  return {
    topic: localTopic(rawTopic),
    rawTopic,
    utcTime: message.attrs.UtcTime ?? null,
    operation: message.attrs.PropertyOperation ?? null,
    source: items(message.children.find((c) => c.name === 'Source')),
    data: items(message.children.find((c) => c.name === 'Data')),
  };
}

export interface PullAnswer {
  /** The subscription's remaining life as the device counts it, when it says. */
  ttlMs: number | null;
  notifications: Notification[];
}

/** PullMessagesResponse: its notifications in order; null when the answer is something else. */
export function parsePullMessages(doc: XmlNode): PullAnswer | null {
  const r = find(doc, 'PullMessagesResponse');
  if (!r) return null;
  const notifications: Notification[] = [];
  for (const n of r.children.filter((c) => c.name === 'NotificationMessage').slice(0, MAX_MESSAGES)) {
    const parsed = notificationOf(n);
    if (parsed) notifications.push(parsed);
  }
  return { ttlMs: lifetime(r), notifications };
}

/** What the camera saw, as Vigil names it; `label` says which analytics when it was not plain motion. */
export interface CameraSignal {
  kind: 'motion' | 'tamper';
  label?: 'line' | 'intrusion' | 'person' | 'vehicle' | 'animal';
  /** true: it started (or is going on); false: it ended. A line crossing is both at once: 'pulse'. */
  state: boolean | 'pulse';
  /** Which rule or video source of the camera, so two rules' states do not end each other. */
  key: string;
  topic: string;
  /** The state a subscription starts with (PropertyOperation Initialized). */
  initial: boolean;
}

type Rule = Pick<CameraSignal, 'kind' | 'label'> & { pulse?: boolean };

/**
 * Topics by their last two local names (the vendor's prefix dropped): the ONVIF Core ones, and
 * the variants Hikvision (VideoAnalytics/MotionAlarm, UserAlarm/VideoCover), Dahua (the same
 * standard topics, sometimes with MotionRegionDetector) and Reolink (MyRuleDetector/…Detect) send.
 */
const RULES: Record<string, Rule> = {
  'VideoSource/MotionAlarm': { kind: 'motion' },
  'CellMotionDetector/Motion': { kind: 'motion' },
  'MotionRegionDetector/Motion': { kind: 'motion' },
  'VideoAnalytics/MotionAlarm': { kind: 'motion' },
  'MyRuleDetector/Motion': { kind: 'motion' },
  'MyRuleDetector/PeopleDetect': { kind: 'motion', label: 'person' },
  'MyRuleDetector/VehicleDetect': { kind: 'motion', label: 'vehicle' },
  'MyRuleDetector/DogCatDetect': { kind: 'motion', label: 'animal' },
  'LineDetector/Crossed': { kind: 'motion', label: 'line', pulse: true },
  'FieldDetector/ObjectsInside': { kind: 'motion', label: 'intrusion' },
  'GlobalSceneChange/ImagingService': { kind: 'tamper' },
  'TamperDetector/Tamper': { kind: 'tamper' },
  'UserAlarm/VideoCover': { kind: 'tamper' },
};

/** The data items that carry the state, by the names cameras give it. */
const STATE_ITEMS = ['State', 'IsMotion', 'IsTamper', 'IsInside', 'Value'];

function bool(v: string | undefined): boolean | null {
  if (v === undefined) return null;
  const t = v.trim().toLowerCase();
  if (t === 'true' || t === '1' || t === 'on') return true;
  if (t === 'false' || t === '0' || t === 'off') return false;
  return null;
}

/** A notification as a motion or tamper signal; null for every other topic (or one without a readable state). */
export function signalOf(n: Notification): CameraSignal | null {
  const parts = n.topic.split('/');
  const rule = RULES[parts.slice(-2).join('/')];
  if (!rule) return null;
  const initial = n.operation === 'Initialized';
  const key = `${rule.kind}:${rule.label ?? ''}:${n.source.Rule ?? n.source.VideoSourceConfigurationToken ?? n.source.VideoSourceToken ?? n.source.Source ?? ''}`;
  const base = { kind: rule.kind, ...(rule.label ? { label: rule.label } : {}), key, topic: n.rawTopic, initial };
  if (rule.pulse) return initial ? null : { ...base, state: 'pulse' };
  const name = STATE_ITEMS.find((k) => k in n.data);
  const state = name ? bool(n.data[name]) : null;
  return state === null ? null : { ...base, state };
}
