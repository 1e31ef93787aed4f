import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { MqttClient } from 'mqtt';
import { AppError } from '../../lib/app-error.ts';
import { assertCleanUrl, checkTarget, type OutboundPolicy } from '../../lib/outbound-policy.ts';
import { redactCredentials } from '../../lib/redact.ts';

export const MQTT_CONNECT_TIMEOUT_MS = 10_000;
/** A broker connection nobody used for this long is closed. */
export const MQTT_IDLE_MS = 30_000;
const PROTOCOLS: Record<string, 'mqtt' | 'mqtts'> = { 'mqtt:': 'mqtt', 'mqtts:': 'mqtts' };

/** A broker URL as stored: mqtt:// or mqtts:// with a host (anything else is refused at save). */
export function assertBrokerUrl(url: string): URL {
  assertCleanUrl(url, 'mqttUrl');
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new AppError('invalid-argument', 'Invalid request parameters.', { mqttUrl: 'not a valid URL' });
  }
  if (!PROTOCOLS[u.protocol] || !u.hostname)
    throw new AppError('invalid-argument', 'Invalid request parameters.', {
      mqttUrl: 'must be an mqtt:// or mqtts:// URL with a host, like mqtt://user:password@broker.lan:1883',
    });
  return u;
}

/** The failure of a connection or publish, with the broker's credentials out of it. */
export class MqttError extends Error {
  override name = 'MqttError';
}
export const failure = (url: string, e: unknown) => {
  const u = new URL(url);
  const secrets = [decodeURIComponent(u.password), decodeURIComponent(u.username)];
  const what = (e as Error)?.message || String(e);
  return new MqttError(redactCredentials(`MQTT broker ${u.protocol}//${u.host}: ${what}`, secrets));
};

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** What a long-lived connection adds: the message the broker publishes for it when it dies. */
export interface OpenOptions {
  will?: { topic: string; payload: string; retain: boolean };
}

/** Connects to a broker URL that passed the outbound policy, at the checked address (TLS still verified by name). */
export async function openBroker(
  url: string,
  policy: OutboundPolicy,
  timeoutMs: number,
  opts: OpenOptions = {},
): Promise<MqttClient> {
  const u = assertBrokerUrl(url);
  const target = await checkTarget(url, policy, 'mqttUrl');
  const protocol = PROTOCOLS[u.protocol]!;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  // Loaded on the first broker: most installations have none, and it was part of every start.
  const { connect } = await import('mqtt');
  const client = connect({
    protocol,
    // mqtt.js connects to `hostname`: the checked address, never a second lookup.
    hostname: target.address,
    host: target.address,
    port: u.port ? Number(u.port) : protocol === 'mqtts' ? 8883 : 1883,
    ...(protocol === 'mqtts' && !isIP(host) ? { servername: host } : {}),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    clientId: `vigil-${randomBytes(6).toString('hex')}`,
    connectTimeout: timeoutMs,
    reconnectPeriod: 0,
    clean: true,
    ...(opts.will ? { will: { ...opts.will, qos: 1 as const } } : {}),
  });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
        client.once('close', () => reject(new Error('the connection closed before the broker accepted it')));
      }),
      timeoutMs,
      'no answer from the broker',
    );
  } catch (e) {
    client.end(true);
    throw e;
  }
  // Later errors end the connection (no automatic reconnect); the pool drops it on close.
  client.on('error', () => {});
  return client;
}

export interface MqttPublisher {
  publish(url: string, topic: string, payload: string, opts?: { retain?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * Publishes with QoS 1 through one connection per broker URL, kept while in use and closed after
 * MQTT_IDLE_MS without a message (a busy camera does not open a connection per event; an idle
 * installation holds none). Every failure is an MqttError with the URL's credentials removed.
 */
export function createMqttPublisher(deps: {
  policy: OutboundPolicy;
  idleMs?: number;
  connectTimeoutMs?: number;
}): MqttPublisher {
  const idleMs = deps.idleMs ?? MQTT_IDLE_MS;
  const timeoutMs = deps.connectTimeoutMs ?? MQTT_CONNECT_TIMEOUT_MS;
  const pool = new Map<string, { client: Promise<MqttClient>; timer?: NodeJS.Timeout }>();

  const drop = (url: string) => {
    const entry = pool.get(url);
    if (!entry) return;
    pool.delete(url);
    clearTimeout(entry.timer);
    void entry.client.then((c) => c.end(true)).catch(() => {});
  };

  function clientFor(url: string): Promise<MqttClient> {
    const existing = pool.get(url);
    if (existing) return existing.client;
    const client = openBroker(url, deps.policy, timeoutMs);
    const entry = { client };
    pool.set(url, entry);
    client.then(
      (c) => c.once('close', () => pool.get(url) === entry && drop(url)),
      () => pool.get(url) === entry && pool.delete(url),
    );
    return client;
  }

  return {
    async publish(url, topic, payload, opts = {}) {
      try {
        const client = await clientFor(url);
        const entry = pool.get(url);
        if (entry) clearTimeout(entry.timer);
        await withTimeout(
          client.publishAsync(topic, payload, { qos: 1, retain: opts.retain ?? false }),
          timeoutMs,
          'no acknowledgement from the broker',
        );
        const now = pool.get(url);
        if (now) {
          clearTimeout(now.timer);
          now.timer = setTimeout(() => drop(url), idleMs).unref();
        }
      } catch (e) {
        // A connection that failed a publish is not trusted with the next one.
        drop(url);
        if (e instanceof AppError) throw e;
        throw failure(url, e);
      }
    },
    async close() {
      const clients = [...pool.values()].map((e) => e.client);
      for (const url of [...pool.keys()]) {
        clearTimeout(pool.get(url)!.timer);
        pool.delete(url);
      }
      await Promise.all(clients.map((c) => c.then((client) => client.endAsync()).catch(() => {})));
    },
  };
}

/** One publish on a connection of its own (the settings page's test), closed at once. */
export async function publishOnce(url: string, policy: OutboundPolicy, topic: string, payload: string) {
  const publisher = createMqttPublisher({ policy });
  try {
    await publisher.publish(url, topic, payload);
  } finally {
    await publisher.close();
  }
}
