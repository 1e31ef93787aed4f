import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { addCamera, waitOnline } from './fixtures/cameras.ts';
import { ROOT, type RunningServer, startServer } from './fixtures/server.ts';

/**
 * A server owns what it starts: no ffmpeg outlives its server, every stop (whatever the moment, whatever
 * the signal) ends the server and all it started, and a dead embedded PostgreSQL comes back.
 */

/** Pids of ffmpeg processes writing under `dir` (Linux /proc). */
function ffmpegsUnder(dir: string): number[] {
  const out: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/ffmpeg$/.test(argv[0] ?? '') && !/\) Z /.test(stat) && argv.some((a) => a.includes(`${dir}/`)))
        out.push(Number(pid));
    } catch {}
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Processes whose command line names `dir` (a PostgreSQL started on that data folder). */
function processesUnder(dir: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir) && alive(Number(pid));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A crash's first lines (the objects an uncaught error prints can run to pages), else the log's end. */
function exitReport(output: string): string {
  const at = output.search(/^.*(Error|Uncaught|Unhandled)\b/m);
  return at >= 0 ? output.slice(Math.max(0, at - 500), at + 2500) : output.slice(-4000);
}

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('process lifecycle', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) {
      await s.stop('SIGKILL');
      // A killed server cannot stop its embedded PostgreSQL (nor the one it restarted): end it here.
      try {
        process.kill(postmasterPid(s.dataDir), 'SIGTERM');
      } catch {
        // already gone, or never started
      }
    }
  });

  it('kill -9 while two cameras record: their ffmpegs die with it; after a restart one ffmpeg per camera and an index that matches the files', async () => {
    const first = await startServer();
    servers.push(first);
    await apiSignUp(first.url, 'Admin');
    const owner = await apiSignUp(first.url, 'Two Cams');
    const cams = [
      await addCamera(first.url, owner, { name: 'One' }),
      await addCamera(first.url, owner, { name: 'Two' }),
    ];
    for (const id of cams) await waitOnline(first.url, owner, id);
    const media = path.join(first.dataDir, 'media');
    expect(ffmpegsUnder(media)).toHaveLength(2);

    await first.stop('SIGKILL');
    await until('the ffmpegs to die with their server', () => ffmpegsUnder(media).length === 0, 3000);

    const second = await startServer({ dataDir: first.dataDir });
    servers.push(second);
    for (const id of cams) await waitOnline(second.url, owner, id);
    for (const id of cams) expect(ffmpegsUnder(path.join(media, owner.workspace.id, id))).toHaveLength(1);

    // Let each camera close a segment after the restart, then compare the index with the disk.
    const db = new pg.Client({ connectionString: databaseUrlOf(second.dataDir) });
    await db.connect();
    try {
      const started = new Date();
      await until(
        'a segment after the restart',
        async () =>
          (await db.query('select count(*)::int as n from segments where start_at >= $1', [started])).rows[0].n >= 2,
        40_000,
      );
      for (const id of cams) {
        const { rows } = await db.query<{ path: string; start_at: Date; end_at: Date }>(
          'select path, start_at, end_at from segments where camera_id = $1 order by start_at',
          [id],
        );
        for (const [i, row] of rows.entries()) {
          expect(existsSync(path.join(media, row.path)), row.path).toBe(true);
          // Two writers of one file showed as spans of 8 s and 6 s that overlap.
          if (i > 0) expect(row.start_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.end_at.getTime() - 50);
        }
        const dir = path.join(media, owner.workspace.id, id, 'segments');
        const onDisk = readdirSync(dir).filter((f) => f.endsWith('.mp4'));
        const indexed = new Set(rows.map((r) => path.basename(r.path)));
        // Only the file being written may be missing from the index.
        expect(onDisk.filter((f) => !indexed.has(f)).length).toBeLessThanOrEqual(1);
      }
    } finally {
      await db.end();
    }

    // SIGHUP stops as cleanly as SIGTERM: exit 0, nothing left running, no write refused.
    const pgPid = postmasterPid(second.dataDir);
    const exit = new Promise<number | null>((r) => second.process.once('exit', (code) => r(code)));
    second.process.kill('SIGHUP');
    expect(await exit, exitReport(second.output())).toBe(0);
    expect(alive(pgPid)).toBe(false);
    expect(ffmpegsUnder(media)).toEqual([]);
    expect(second.output()).not.toMatch(/status write failed|shutting down/);
  }, 120_000);

  it('a SIGTERM during start-up, or just after ready, is never lost: nothing is left behind', async () => {
    // During start-up: as soon as the process has said which ffmpeg it uses (before PostgreSQL is up).
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-early-'));
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, VIGIL_DATA_DIR: dataDir, PORT: '0', VIGIL_SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await new Promise<void>((resolve) => {
      const onData = (d: Buffer) => {
        log += d;
        if (/ffmpeg: /.test(log)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(log).not.toContain('VIGIL_READY');
    expect(processesUnder(path.join(dataDir, 'pg'))).toEqual([]);

    // Just after VIGIL_READY: the first signal stops it (bench/cold-start.mjs used to hang here).
    const s = await startServer();
    servers.push(s);
    const pgPid = postmasterPid(s.dataDir);
    const stopped = new Promise<number | null>((r) => s.process.once('exit', (code) => r(code)));
    s.process.kill('SIGTERM');
    expect(await stopped).toBe(0);
    expect(alive(pgPid)).toBe(false);
  }, 120_000);

  it('the embedded PostgreSQL killed: 503 unavailable meanwhile, then it is back within seconds', async () => {
    const server = await startServer();
    servers.push(server);
    const account = await apiSignUp(server.url, 'Patient');
    const me = () => fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${account.token}` } });
    expect((await me()).status).toBe(200);

    const killedAt = performance.now();
    process.kill(postmasterPid(server.dataDir), 'SIGKILL');
    // Its backends can still answer for a moment: measure from when the server has noticed.
    await until(
      'the server to notice',
      () => /the embedded database stopped .*; restarting it/.test(server.output()),
      5000,
    );
    // Until it is back, every answer is 503 unavailable (never a 500), for health and signed-in calls.
    const seen: number[] = [];
    await until(
      'requests to succeed again',
      async () => {
        const [health, mine] = await Promise.all([fetch(`${server.url}/api/health`), me()]);
        seen.push(health.status, mine.status);
        if (mine.status === 503)
          expect(((await mine.json()) as { error: { code: string } }).error.code).toBe('unavailable');
        return health.status === 200 && mine.status === 200;
      },
      20_000,
    );
    expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    const seconds = (performance.now() - killedAt) / 1000;
    console.log(`[figure] embedded PostgreSQL killed: requests succeed again after ${seconds.toFixed(2)} s`);
    expect(server.output()).toMatch(/the embedded database is back/);
  }, 120_000);
});
