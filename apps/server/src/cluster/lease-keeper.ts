import type { Db } from '@vigil/db';
import {
  claimLeases,
  type Fence,
  type HeldLease,
  heartbeat,
  leave,
  type NodeInfo,
  adoptLeases,
  liveNode,
  releaseLease,
  renewLeases,
  retirePredecessors,
  shareInputs,
} from './cluster.repo.ts';

/**
 * A recorder's side of the camera leases. Every `renewMs` it renews its node row and its leases in
 * the database, learns which cameras it lost, and moves towards its fair share — ceil(enabled
 * cameras / live recorders): it claims free or lapsed cameras while under it, and hands back its
 * surplus while over it (a new recorder then takes it). A recorder killed outright keeps nothing:
 * its node row and leases lapse after `ttlMs` and the others' next round claims its cameras.
 *
 * Cut off from the database (a restart, a failover, a network partition), a recorder keeps
 * recording: its cameras stay its own until the database says otherwise. A lease that lapsed
 * while nobody could take it over is renewed with its epoch unchanged — no other writer came in
 * between — so footage written meanwhile indexes as if the cut never happened. A lease another
 * recorder claimed meanwhile carries a new epoch and holder: the first round that reaches the
 * database reports it lost, the camera stops, and what was written while cut off is indexed as a
 * former writer's footage (copies where it overlaps, camera-writes.ts insertSegment). `valid()`
 * (readiness) turns false once the last renewal the database confirmed is older than the lease.
 */
export interface LeaseKeeperOptions {
  db: Db;
  node: NodeInfo;
  /** How long a lease lives without renewal (8 s). */
  ttlMs?: number;
  /** How often leases are renewed and the share recomputed (2 s). */
  renewMs?: number;
  /** A camera is ours: start recording it. */
  onAcquired(lease: HeldLease): void;
  /** A camera is no longer ours: stop at once and write nothing more for it. */
  onLost(cameraId: string): void;
  /** Over our share: stop these, then call release() for each. */
  onSurplus(cameraId: string): void;
  log(msg: string): void;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const LEASE_TTL_MS = 8000;
export const LEASE_RENEW_MS = 2000;

export class LeaseKeeper {
  private readonly held = new Map<string, number>();
  /** Cameras claimed from a recorder whose lease lapsed: it may still be writing their files. */
  private readonly formerMayWrite = new Set<string>();
  private readonly handingBack = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** performance.now() when the last renewal that the database confirmed was sent. */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  /** Date.now() of the first round that failed to reach the database, while they keep failing. */
  private cutOffSince: number | undefined;
  readonly ttlMs: number;
  readonly renewMs: number;

  constructor(private readonly opts: LeaseKeeperOptions) {
    this.ttlMs = opts.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = opts.renewMs ?? LEASE_RENEW_MS;
  }

  get nodeId(): string {
    return this.opts.node.id;
  }

  /** The first round (so the cameras we get are known when start resolves), then one every renewMs. */
  async start(): Promise<void> {
    const { db, node } = this.opts;
    const twin = await liveNode(db, node.id);
    if (twin && twin.hostname === node.hostname && twin.pid !== node.pid && pidAlive(twin.pid))
      throw new Error(`another Vigil process (pid ${twin.pid}) records with this data folder; stop it first`);
    const taken = await retirePredecessors(db, node);
    if (taken) this.opts.log(`took back ${taken} cameras from this address's previous process`);
    const sentAt = performance.now();
    const adopted = await adoptLeases(db, node.id, this.ttlMs);
    this.confirmedAt = sentAt;
    for (const lease of adopted) {
      this.held.set(lease.cameraId, lease.epoch);
      this.opts.onAcquired(lease);
    }
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.renewMs);
  }

  /** Something changed (a camera added or enabled): run a round now rather than at the next tick. */
  poke(): void {
    void this.tick();
  }

  /** The fence a write for this camera must carry, while we hold it. */
  fence(cameraId: string): Fence | undefined {
    const epoch = this.held.get(cameraId);
    return epoch === undefined ? undefined : { holderId: this.opts.node.id, epoch };
  }

  /** Ours until a round that reaches the database says otherwise (cut off, we keep recording). */
  holds(cameraId: string): boolean {
    return this.held.has(cameraId);
  }

  /** Whether the camera's former holder may still be writing its files (see HeldLease). */
  formerMayStillWrite(cameraId: string): boolean {
    return this.formerMayWrite.has(cameraId);
  }

  /** Whether the database reached us within the lease's lifetime (false while cut off). */
  get cutOff(): boolean {
    return this.cutOffSince !== undefined;
  }

  /** False once our leases may have lapsed in the database's eyes (we were paused or cut off). */
  valid(): boolean {
    return performance.now() - this.confirmedAt < this.ttlMs;
  }

  get count(): number {
    return this.held.size;
  }

  /** After the camera's ffmpeg stopped: give it back so another recorder starts it at once. */
  async release(cameraId: string): Promise<void> {
    const fence = this.fence(cameraId);
    this.held.delete(cameraId);
    this.handingBack.delete(cameraId);
    if (fence) await releaseLease(this.opts.db, { cameraId, ...fence }).catch(() => {});
  }

  /** Stops renewing; the caller stops its cameras and releases them, then calls leave(). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Removes this node from the registry (a clean stop: no one waits for its row to lapse). */
  async leave(): Promise<void> {
    await leave(this.opts.db, this.opts.node.id).catch(() => {});
  }

  /** Rounds never overlap: a poke during a round runs one more round after it. */
  private tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.round()
      .then(() => {
        if (this.cutOffSince === undefined) return;
        const s = Math.round((Date.now() - this.cutOffSince) / 1000);
        this.cutOffSince = undefined;
        this.opts.log(`leases: the database answers again after ${s} s; ${this.held.size} cameras still ours`);
      })
      .catch((e) => {
        // Once per cut, not every round: the recorder goes on recording meanwhile.
        if (this.cutOffSince !== undefined) return;
        this.cutOffSince = Date.now();
        this.opts.log(
          `leases: cannot reach the database (${e instanceof Error ? e.message : e}); recording on, indexing when it returns`,
        );
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.tick();
        }
      });
    return this.running;
  }

  private async round(): Promise<void> {
    const { db, node } = this.opts;
    const sentAt = performance.now();
    await heartbeat(db, node, this.ttlMs);
    const renewed = await renewLeases(db, node.id, this.ttlMs);
    if (this.stopped) return;
    this.confirmedAt = sentAt;
    const now = new Map(renewed.map((l) => [l.cameraId, l.epoch]));
    for (const [cameraId, epoch] of [...this.held]) {
      if (now.get(cameraId) === epoch) continue;
      this.held.delete(cameraId);
      this.handingBack.delete(cameraId);
      this.opts.log(`camera ${cameraId}: lease lost; another recorder has it`);
      this.opts.onLost(cameraId);
    }
    const { recorders, cameras } = await shareInputs(db);
    const share = Math.ceil(cameras / Math.max(1, recorders));
    const keeping = this.held.size - this.handingBack.size;
    if (keeping > share) {
      // Hand back the most recently claimed first: the longest-running cameras keep their recorder.
      const surplus = [...this.held.keys()].filter((id) => !this.handingBack.has(id)).slice(share);
      for (const cameraId of surplus) {
        this.handingBack.add(cameraId);
        this.opts.onSurplus(cameraId);
      }
    } else if (keeping < share) {
      const got = await claimLeases(db, node.id, this.ttlMs, share - keeping);
      if (this.stopped) {
        for (const l of got) await releaseLease(db, { cameraId: l.cameraId, holderId: node.id, epoch: l.epoch });
        return;
      }
      for (const lease of got) {
        this.held.set(lease.cameraId, lease.epoch);
        // A former holder on this host whose process is gone writes nothing more; one elsewhere may.
        const f = lease.former;
        if (f && !(f.hostname === node.hostname && !pidAlive(f.pid))) this.formerMayWrite.add(lease.cameraId);
        else this.formerMayWrite.delete(lease.cameraId);
        this.opts.onAcquired(lease);
      }
    }
  }
}
