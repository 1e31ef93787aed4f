import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import { connect, type MqttClient } from 'mqtt';

export interface ReceivedMessage {
  topic: string;
  payload: string;
  qos: number;
  retain: boolean;
}

/**
 * A real MQTT broker (aedes) on 127.0.0.1 that asks for a user name and password, and a subscriber
 * on `vigil/#` (or the topics given) through the mqtt client, as a Home Assistant would listen. `connections` counts the
 * clients that connected (to prove connections are reused), `connected` those connected now.
 */
export async function startMqttBroker(auth: { username: string; password: string }, topics = ['vigil/#']) {
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) =>
      done(null, username === auth.username && password?.toString() === auth.password),
  });
  let connections = 0;
  const connected = new Set<string>();
  broker.on('client', (c) => {
    connections += 1;
    connected.add(c.id);
  });
  broker.on('clientDisconnect', (c) => connected.delete(c.id));
  const sockets = new Set<Socket>();
  const server = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    broker.handle(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const messages: ReceivedMessage[] = [];
  const subscriber: MqttClient = connect(`mqtt://127.0.0.1:${port}`, { ...auth, reconnectPeriod: 0 });
  await new Promise<void>((resolve, reject) => {
    subscriber.once('connect', () => resolve());
    subscriber.once('error', reject);
  });
  await subscriber.subscribeAsync(topics, { qos: 1 });
  subscriber.on('message', (topic, payload, packet) =>
    messages.push({ topic, payload: payload.toString('utf8'), qos: packet.qos, retain: packet.retain }),
  );

  return {
    port,
    messages,
    /** Clients that connected so far, the subscriber included. */
    connections: () => connections,
    connectedNow: () => connected.size,
    /** The messages received so far that `pick` keeps, waiting up to `ms` for a first one. */
    async waitFor(pick: (m: ReceivedMessage) => boolean, ms = 15_000): Promise<ReceivedMessage[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = messages.filter(pick);
        if (found.length || Date.now() > deadline) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    /** Publishes as Home Assistant would (a command on a `set` topic). */
    publish: (topic: string, payload: string) => subscriber.publishAsync(topic, payload, { qos: 1 }),
    async close() {
      await subscriber.endAsync(true);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}
