import type { ChildProcess } from 'node:child_process';
import { spawnTied, tiedCommand } from './tied-spawn.ts';

/**
 * Short-lived commands (an event thumbnail's ffmpeg) started by a small helper process instead of
 * by the server itself. Node 20 forks to spawn. After each fork, every page the server writes
 * faults once more, even once the child has exec'd: 64 cameras' motion detector arrays took 23 ms
 * to write right after a spawn against 0.6 ms otherwise (`bench/spawn-fault-cost.mjs`). A
 * recorder whose cameras' events roll over together started 64 thumbnails in a few seconds and
 * doubled its CPU while they ran (decision 0023). The helper's own heap is small, so its forks
 * cost little, and the server forks once, for the helper.
 *
 * The helper is plain JavaScript run with `node -e`: no file to bundle or resolve. It is tied to
 * the server (killed by the kernel if the server dies), exits when its IPC channel closes, and
 * ties each command to itself the same way.
 * A command's output comes back whole (a JPEG of a few tens of KB), so this is for commands with
 * small outputs only.
 */
const HELPER = `
const { spawn } = require('node:child_process');
process.on('disconnect', () => process.exit(0));
process.on('message', ({ id, command, args, timeoutMs }) => {
  let answered = false;
  const answer = (m) => { if (!answered) { answered = true; process.send({ id, ...m }); } };
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  let err = '';
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  child.stdout.on('data', (d) => out.push(d));
  child.stderr.on('data', (d) => { err = (err + d).slice(-2000); });
  child.on('error', (e) => { clearTimeout(timer); answer({ error: String(e.message) }); });
  child.on('close', (code, signal) => {
    clearTimeout(timer);
    answer({ code, signal, stdout: Buffer.concat(out), stderr: err });
  });
});
`;

export interface CommandResult {
  /** The exit code, or null when a signal ended it (`signal`). */
  code: number | null;
  signal: string | null;
  stdout: Buffer;
  /** The last 2,000 characters it wrote to stderr. */
  stderr: string;
}

interface Answer {
  id: number;
  error?: string;
  code?: number | null;
  signal?: string | null;
  stdout?: Uint8Array;
  stderr?: string;
}

type Pending = { resolve(r: CommandResult): void; reject(e: Error): void };

export class SpawnHelper {
  private child: ChildProcess | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** Runs `command` with `args` to its end (killed after `timeoutMs`); its exit and its output. */
  run(command: string, args: readonly string[], timeoutMs: number): Promise<CommandResult> {
    const child = this.child ?? this.start();
    const id = this.nextId++;
    // Tied to the helper as the helper is to the server: a killed server leaves no command behind.
    const [tied, tiedArgs] = tiedCommand(command, args);
    return new Promise<CommandResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold(true);
      child.send({ id, command: tied, args: tiedArgs, timeoutMs }, (e) => {
        if (e) this.settle(id, (p) => p.reject(e));
      });
    });
  }

  /** The helper's process id, while it runs (benches count it with the server). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the helper; commands still running are refused. */
  stop(): void {
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
    this.failAll(new Error('the command helper was stopped'));
  }

  private start(): ChildProcess {
    const child = spawnTied(process.execPath, ['-e', HELPER], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    child.on('message', (m: Answer) => {
      this.settle(m.id, (p) => {
        if (m.error !== undefined) return p.reject(new Error(m.error));
        const out = m.stdout ?? new Uint8Array();
        p.resolve({
          code: m.code ?? null,
          signal: m.signal ?? null,
          stdout: Buffer.from(out.buffer, out.byteOffset, out.byteLength),
          stderr: m.stderr ?? '',
        });
      });
    });
    child.on('error', (e) => this.gone(child, e));
    child.on('exit', (code, signal) => this.gone(child, new Error(`the command helper ended (${signal ?? code})`)));
    return child;
  }

  private settle(id: number, with_: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    with_(p);
    if (this.pending.size === 0) this.hold(false);
  }

  /** While a command runs the helper keeps the server's event loop alive; idle, it does not. */
  private hold(on: boolean): void {
    const child = this.child;
    if (!child) return;
    const channel = child.channel as { ref(): void; unref(): void } | undefined;
    if (on) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }

  private gone(child: ChildProcess, e: Error): void {
    if (this.child !== child) return;
    this.child = undefined;
    this.failAll(e);
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }
}

/** The server's helper for short-lived commands (started at the first one). */
export const commandHelper = new SpawnHelper();
