import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from '../../../e2e/fixtures/rtsp-server.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** A real Vigil process (main.ts) against a shared PostgreSQL, with the roles a test gives it. */
export interface VigilProcess {
  name: string;
  url: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string>;
}

export async function startVigil(
  name: string,
  roles: string,
  env: { databaseUrl: string; mediaDir: string; authSecret: string } & Record<string, string>,
): Promise<VigilProcess> {
  const port = await freePort();
  const { databaseUrl, mediaDir, authSecret, ...extra } = env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      VIGIL_ROLES: roles,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MEDIA_DIR: mediaDir,
      AUTH_SECRET: authSecret,
      VIGIL_DATA_DIR: mkdtempSync(path.join(inject('tmpRoot'), `${name}-`)),
      ALLOW_LOOPBACK_TARGETS: 'true',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((r) => child.once('exit', (code, signal) => r(code ?? signal ?? -1)));
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => {
      const check = () => {
        if (out.includes('VIGIL_READY')) resolve(true);
        else setTimeout(check, 50);
      };
      check();
    }),
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(false), 60_000)),
  ]);
  if (!ready) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start:\n${out}`);
  }
  return { name, url: `http://127.0.0.1:${port}`, pid: child.pid!, child, output: () => out, exited };
}

/** SIGTERM, then SIGKILL if it has not gone in 15 s; resolves when it has exited. */
export async function stopVigil(p: VigilProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGCONT');
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 15_000);
  await p.exited;
  clearTimeout(timer);
}

/** The parent pid of a process (from /proc), to tell which recorder runs an ffmpeg. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}
