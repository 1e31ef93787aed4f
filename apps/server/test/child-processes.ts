import { readFileSync, readdirSync } from 'node:fs';

/**
 * The processes `parent` (this test process unless said) has started and that still run, with
 * their command lines, read from /proc: what tests check of the ffmpegs the code under test runs.
 */
export function childProcesses(parent = process.pid): { pid: number; argv: string[] }[] {
  const out: { pid: number; argv: string[] }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in stat may hold spaces and parentheses: the fields start after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent)
        out.push({ pid: Number(entry), argv: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch {
      // It ended meanwhile.
    }
  }
  return out;
}
