import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Children that die with Vigil. A `kill -9` of Node gives it no chance to stop its ffmpegs, and a
 * restarted server would then run a second ffmpeg writing the same segment files. On Linux each
 * child is started through util-linux's `setpriv --pdeathsig KILL`, which makes the kernel kill it
 * when its parent dies; on start the recorder also ends any orphaned leftover that still writes
 * into its media folder (a kill that happened before this existed, or a system without setpriv).
 */
let wrapper: string | null | undefined;

function deathSignalWrapper(): string | null {
  if (wrapper !== undefined) return wrapper;
  wrapper = null;
  if (process.platform !== 'linux') return wrapper;
  for (const candidate of ['/usr/bin/setpriv', '/bin/setpriv']) {
    const ok = spawnSync(candidate, ['--pdeathsig', 'KILL', 'true'], { timeout: 5000 }).status === 0;
    if (ok) {
      wrapper = candidate;
      break;
    }
  }
  return wrapper;
}

/** The command line that runs `command` tied to the life of whichever process starts it. */
export function tiedCommand(command: string, args: readonly string[]): [string, string[]] {
  const tie = deathSignalWrapper();
  // setpriv execs the command in place: the pid, the stdio and fd 3 are the command's own.
  return tie ? [tie, ['--pdeathsig', 'KILL', command, ...args]] : [command, [...args]];
}

/** spawn(), but the child is killed by the kernel if this process dies (where the system allows). */
export function spawnTied(command: string, args: readonly string[], options: SpawnOptions): ChildProcess {
  const [tied, tiedArgs] = tiedCommand(command, args);
  return spawn(tied, tiedArgs, options);
}

/** Whether children are tied to this process's life (for the start log and tests). */
export function childrenAreTied(): boolean {
  return deathSignalWrapper() !== null;
}

/**
 * Whether a process's parent is gone: it was re-parented to init (pid 1) or to a subreaper, i.e.
 * to anything that is not a Node process. Every ffmpeg Vigil runs is the direct child of one of its
 * Node processes (the server, or its command helper for short-lived ones: spawn-helper.ts; setpriv
 * execs in place), so an ffmpeg whose parent is a live Node process belongs to a running recorder
 * — this one's, or another's writing into the same shared MEDIA_DIR.
 */
function isOrphaned(pid: string): boolean {
  let ppid: string | undefined;
  try {
    ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
  } catch {
    return false; // gone already
  }
  if (!ppid || ppid === '1' || ppid === '0') return true;
  try {
    return !/^node/.test(path.basename(readlinkSync(`/proc/${ppid}/exe`)));
  } catch {
    // Not ours to inspect (another user's) or gone: not a Vigil process of this user.
    return true;
  }
}

/**
 * Kills every orphaned ffmpeg still writing under `mediaRoot` (left by a process that died without
 * stopping it) and waits until they are gone. An ffmpeg whose parent is a live Node process is a
 * running recorder's and is left alone: several recorders may share the folder. Linux only
 * (/proc); returns the pids it ended.
 */
export async function endLeftoverFfmpeg(mediaRoot: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const prefix = `${path.resolve(mediaRoot)}${path.sep}`;
  const found: number[] = [];
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!/ffmpeg$/.test(path.basename(argv[0] ?? ''))) continue;
    if (!argv.some((a) => a.startsWith(prefix) || a.includes(`]${prefix}`))) continue;
    if (isOrphaned(pid)) found.push(Number(pid));
  }
  for (const pid of found) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && found.some(processAlive)) await new Promise((r) => setTimeout(r, 25));
  return found;
}

/** Whether process `pid` runs (a zombie, killed and not yet reaped, does not). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A killed child of ours stays a zombie until reaped; it writes nothing any more.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
