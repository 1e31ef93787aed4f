import { mkdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import { hostname } from 'node:os';
import type { DiskGuardSettings } from '@vigil/shared';
import { reportDiskGuard, recordDiskPruned } from '../lib/metrics.ts';
import { clearInstallationAlert, diskGuardSettings, raiseInstallationAlert } from '../modules/admin/admin.module.ts';
import { type DiskSample, WriteRate, marginBytes, planPrune, takeOldest, thresholdBytes } from './disk-guard-policy.ts';
import { type DiskCandidate, oldestLocalSegments } from './disk-guard.repo.ts';
import { pruneDiskBatch } from './prune-batches.ts';
import { announcePruneEvent, announcePruned, removedCount } from './retention.repo.ts';
import { deleteSegmentFiles } from './retention.ts';

/**
 * The disk guard of one recorder: it watches the free space of the media folder's filesystem
 * (statfs, every second and after each indexed segment) and, when it comes within a margin of the
 * threshold (disk-guard-policy.ts), deletes the installation's oldest unprotected local footage,
 * every workspace together, in retention's batches (one transaction each, the `storage.pruned`
 * event and the audit entry inside it, the files unlinked after the commit). When only protected
 * footage is left it raises an installation alert, and once free space falls to within the margin
 * it stops this recorder's cameras (the recorder asks `pausedReason()`) before any write can fail;
 * they record again once free space is two margins above the threshold.
 */

export interface DiskGuardOptions {
  db: Db;
  mediaRoot: string;
  /** This recorder's node id: its alert's id, listed while the node lives. */
  nodeId: string;
  /** The threshold until an administrator saves one (the environment's). */
  defaults: DiskGuardSettings;
  /** Between checks (1 s). */
  intervalMs?: number;
  /** How often the saved setting is read again (10 s). */
  settingsMs?: number;
  /** Candidates read per query (200). */
  batch?: number;
  /** The recorder's cameras must stop (a reason) or may record again (null). */
  onPause(reason: string | null): void;
  log(msg: string): void;
}

export interface DiskGuard {
  /** Runs a first check (so a full disk stops cameras before they start), then one every interval. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A segment was indexed: check now. */
  poke(): void;
  /** Why this recorder must not record now, or null. */
  pausedReason(): string | null;
}

const MB = 1e6;
const fmt = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / MB)} MB`);
/** An alert's figures are rewritten at most this often while it lasts. */
const ALERT_REFRESH_MS = 30_000;

/** Free and total bytes of the filesystem holding `dir`. */
export async function diskSample(dir: string): Promise<DiskSample> {
  const s = await statfs(dir);
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
}

export function createDiskGuard(opts: DiskGuardOptions): DiskGuard {
  const { db, log } = opts;
  const rate = new WriteRate();
  let settings = opts.defaults;
  let settingsAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  /** Bytes the guard deleted since the last sample (so its own prune does not read as negative writing). */
  let freedSince = 0;
  let paused: string | null = null;
  /** The write rate when recording stopped: the margin to resume at is the one recording needs. */
  let pausedRate = 0;
  let alert: { since: string; writtenAt: number; paused: boolean } | undefined;

  async function readSettings(): Promise<void> {
    if (Date.now() - settingsAt < (opts.settingsMs ?? 10_000)) return;
    settingsAt = Date.now();
    settings = await diskGuardSettings(db, opts.defaults).catch(() => settings);
  }

  /** Whether the file is under this media folder: footage another machine's folder holds frees nothing here. */
  async function presentHere(rel: string): Promise<boolean> {
    return stat(path.join(opts.mediaRoot, rel)).then(
      () => true,
      () => false,
    );
  }

  /**
   * Deletes the oldest unprotected local footage until `need` bytes are gone. `exhausted`: nothing
   * unprotected was left to delete before that.
   */
  async function prune(need: number, threshold: number, why: string): Promise<{ bytes: number; exhausted: boolean }> {
    let bytes = 0;
    let segments = 0;
    const workspaces = new Set<string>();
    let exhausted = false;
    for (let round = 0; bytes < need && !stopped && round < 50; round++) {
      const rows = await oldestLocalSegments(db, opts.batch ?? 200);
      const here: DiskCandidate[] = [];
      for (const r of rows) if (await presentHere(r.path)) here.push(r);
      if (!here.length) {
        exhausted = true;
        break;
      }
      const picked = takeOldest(here, need - bytes);
      const byWorkspace = new Map<string, DiskCandidate[]>();
      for (const p of picked) byWorkspace.set(p.workspaceId, [...(byWorkspace.get(p.workspaceId) ?? []), p]);
      for (const [workspaceId, list] of byWorkspace) {
        const b = await pruneDiskBatch(db, workspaceId, list, threshold / 1e9);
        await deleteSegmentFiles(opts.mediaRoot, b.paths, log);
        bytes += b.bytes;
        segments += removedCount(b);
        if (removedCount(b)) workspaces.add(workspaceId);
      }
    }
    for (const workspaceId of workspaces) {
      await announcePruned(db, workspaceId);
      await announcePruneEvent(db, workspaceId);
    }
    if (segments) {
      recordDiskPruned(bytes, segments);
      log(
        `disk guard: ${why}: removed the oldest ${segments} segments (${fmt(bytes)}) of ${workspaces.size} workspace(s)`,
      );
    }
    freedSince += bytes;
    return { bytes, exhausted };
  }

  async function setAlert(on: boolean, sample: DiskSample, threshold: number): Promise<void> {
    if (!on) {
      if (!alert) return;
      alert = undefined;
      await clearInstallationAlert(db, opts.nodeId);
      log('disk guard: free space is back; the alert is cleared');
      return;
    }
    const now = Date.now();
    if (alert && alert.paused === Boolean(paused) && now - alert.writtenAt < ALERT_REFRESH_MS) return;
    const since = alert?.since ?? new Date().toISOString();
    alert = { since, writtenAt: now, paused: Boolean(paused) };
    await raiseInstallationAlert(db, opts.nodeId, {
      kind: 'disk.only-protected',
      node: opts.nodeId,
      hostname: hostname(),
      since,
      disk: { mediaDir: opts.mediaRoot, freeBytes: sample.free, thresholdBytes: threshold, paused: Boolean(paused) },
    });
  }

  function setPaused(reason: string | null): void {
    if (reason === paused) return;
    if (reason && !paused) pausedRate = rate.bytesPerSecond;
    paused = reason;
    log(reason ? `disk guard: ${reason}` : 'disk guard: free space is back; recording resumes');
    opts.onPause(reason);
  }

  async function check(): Promise<void> {
    const first = await diskSample(opts.mediaRoot);
    rate.push(Date.now(), first.free, freedSince);
    freedSince = 0;
    await readSettings();
    const threshold = thresholdBytes(first.total, settings);
    const margin = marginBytes(Math.max(rate.bytesPerSecond, paused ? pausedRate : 0), first.total);
    const plan = planPrune(first.free, threshold, margin);
    let sample = first;
    let onlyProtected = false;
    let failed: string | undefined;
    if (plan.prune > 0) {
      try {
        const why = `${fmt(first.free)} free, ${fmt(threshold)} kept free, margin ${fmt(margin)} (${fmt(rate.bytesPerSecond)}/s written)`;
        const r = await prune(plan.prune, threshold, why);
        onlyProtected = r.exhausted;
      } catch (e) {
        failed = e instanceof Error ? e.message : String(e);
        log(`disk guard: old footage could not be deleted: ${failed}`);
      }
      sample = await diskSample(opts.mediaRoot);
    }
    const after = planPrune(sample.free, threshold, margin);
    if (after.low && onlyProtected) {
      setPaused(
        `Recording paused: the disk of the recorder's media folder is full to its last ${fmt(threshold)} ` +
          'and only protected footage is left on it. Unprotect old recordings, ' +
          'free space on the disk or lower the threshold in Admin › Settings; recording resumes on its own.',
      );
    } else if (failed && sample.free < threshold) {
      setPaused(
        `Recording paused: the disk of the recorder's media folder is full to its last ${fmt(threshold)} and ` +
          'old footage cannot be deleted now (the database does not answer); recording resumes once space returns.',
      );
    } else if (paused && after.clear) {
      setPaused(null);
    }
    const alerting = (onlyProtected && after.low) || Boolean(paused && !failed) || (Boolean(alert) && !after.clear);
    reportDiskGuard({ free: sample.free, threshold, onlyProtected: alerting, paused: Boolean(paused) });
    await setAlert(alerting, sample, threshold).catch((e) => log(`disk guard: alert not written: ${e}`));
  }

  /** Checks never overlap; a poke during a check runs one more right after it. */
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if (stopped) return;
        await check().catch((e) => log(`disk guard: ${e instanceof Error ? e.message : e}`));
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    async start() {
      await mkdir(opts.mediaRoot, { recursive: true });
      await run();
      timer = setInterval(() => void run(), opts.intervalMs ?? 1000);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      if (alert) await clearInstallationAlert(db, opts.nodeId).catch(() => undefined);
    },
    poke() {
      if (!stopped) void run();
    },
    pausedReason: () => paused,
  };
}
