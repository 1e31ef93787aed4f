import { type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP proxy between one process and PostgreSQL that a test can cut: the network partition of a
 * recorder from its database, while every other client still reaches the database directly.
 * `cut()` resets the connections in flight and holds new ones unanswered (what a dropped route
 * looks like to a client: a connect that never completes, so only the client's own timeouts end
 * it); `heal()` lets new connections through again and resets the ones held meanwhile, as a
 * client would have given up on them.
 */
export interface PgProxy {
  /** The database URL with its host and port replaced by the proxy's. */
  url: string;
  port: number;
  /** Whether the link is cut now. */
  readonly isCut: boolean;
  cut(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const live = new Set<Socket>();
  const held = new Set<Socket>();
  let isCut = false;

  const forward = (client: Socket) => {
    const upstream = connect(targetPort, target.hostname);
    live.add(client);
    live.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      live.delete(client);
      live.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const server: Server = createServer((client) => {
    if (!isCut) return forward(client);
    held.add(client);
    client.on('error', () => {});
    client.on('close', () => held.delete(client));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the proxy has no port');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);

  const resetAll = (sockets: Set<Socket>) => {
    for (const s of [...sockets]) s.destroy();
    sockets.clear();
  };

  return {
    url: url.toString(),
    port: address.port,
    get isCut() {
      return isCut;
    },
    cut() {
      isCut = true;
      resetAll(live);
    },
    heal() {
      isCut = false;
      resetAll(held);
    },
    async close() {
      resetAll(live);
      resetAll(held);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
