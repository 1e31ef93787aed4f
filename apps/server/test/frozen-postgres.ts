import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The postmaster of a data folder and its children (backends, background workers). A signal to
 * the postmaster's process group is not enough to freeze a server: PostgreSQL puts each child in
 * a session of its own (setsid), so the backends would go on answering the connections already
 * open, and only new connections would hang.
 */
export function postgresProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

/**
 * Freezes the PostgreSQL of a data folder (SIGSTOP to the postmaster and every child: it accepts
 * connections and answers nothing) and returns what thaws it. Thawing twice is harmless.
 */
export function freezePostgres(dataDir: string): () => void {
  const frozen = postgresProcesses(dataDir);
  signalAll(frozen, 'SIGSTOP');
  return () => signalAll(frozen, 'SIGCONT');
}
