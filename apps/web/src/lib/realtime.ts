/**
 * Realtime (spec §7 "live snapshot listening") over server-sent events. One stream per
 * tab; features subscribe to topics through a small in-memory bus so they never own the
 * connection.
 */
type Handler = (data: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

export function subscribe(topic: string, handler: Handler): () => void {
  let set = handlers.get(topic);
  if (!set) {
    set = new Set();
    handlers.set(topic, set);
  }
  set.add(handler);
  return () => set.delete(handler);
}

export function publish(topic: string, data: unknown): void {
  for (const handler of handlers.get(topic) ?? []) handler(data);
}

export function realtimeUrl(topics: readonly string[]): string {
  const unique = [...new Set(topics)].filter(Boolean);
  return unique.length > 0 ? `/api/v1/realtime?topics=${unique.map(encodeURIComponent).join(',')}` : '/api/v1/realtime';
}

export function parseEventData(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Reads `embedded` from the `ready` event; anything else counts as not embedded. */
export function readEmbedded(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { embedded?: unknown }).embedded === true;
}

export interface StreamCallbacks {
  onReady(embedded: boolean): void;
  /** `closed` is true when the browser gave up reconnecting (non-200 answer). */
  onError(closed: boolean): void;
}

/** Opens the stream; returns a function that closes it. */
export function openStream(topics: readonly string[], callbacks: StreamCallbacks): () => void {
  const source = new EventSource(realtimeUrl(topics), { withCredentials: true });
  source.addEventListener('ready', (event) => callbacks.onReady(readEmbedded(parseEventData(event.data))));
  for (const topic of new Set(topics)) {
    source.addEventListener(topic, (event) => publish(topic, parseEventData(event.data)));
  }
  source.onerror = () => callbacks.onError(source.readyState === EventSource.CLOSED);
  return () => source.close();
}

/**
 * Topic names of the shared contract, written as literals and checked against TOPICS by
 * type only: importing TOPICS as a value would pull zod (its module builds schemas) into
 * the first chunk.
 */
type TopicName = typeof import('@vigil/shared').TOPICS[keyof typeof import('@vigil/shared').TOPICS];
export const TOPIC_ME = 'me' satisfies TopicName;
export const TOPIC_ADMIN_USERS = 'admin.users' satisfies TopicName;
export const TOPIC_ADMIN_INSTALLATION = 'admin.installation' satisfies TopicName;
export const TOPIC_CAMERAS = 'cameras' satisfies TopicName;
export const TOPIC_EXPORTS = 'exports' satisfies TopicName;
export const TOPIC_RECORDINGS = 'recordings' satisfies TopicName;
export const TOPIC_EVENTS = 'events' satisfies TopicName;
export const TOPIC_SCHEDULES = 'schedules' satisfies TopicName;
export const TOPIC_TEAM = 'team' satisfies TopicName;
export const TOPIC_TASKS = 'tasks' satisfies TopicName;
export const TOPIC_BULK_OPERATIONS = 'bulk-operations' satisfies TopicName;
export const TOPIC_AI = 'ai' satisfies TopicName;
