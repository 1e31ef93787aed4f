import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { HttpDuration } from './http-duration.ts';

/**
 * This process's Prometheus metrics (GET /metrics). What happens in this process is counted as
 * it happens (segments indexed, HTTP requests, jobs failed); what belongs to the whole
 * installation (cameras by status, cameras per recorder, queue depth) is read from PostgreSQL
 * when scraped, by the collectors modules/metrics registers, so every process answers the same.
 */
export const registry = new Registry();
// The event-loop delay histogram samples once a second, not prom-client's default every 10 ms: a
// 10 ms timer woke an idle server 100 times a second, and its main thread used 1.17 % of a core
// with no camera against 0.83 % without (decision 0023). A stall still shows: a late sample is the delay.
collectDefaultMetrics({ register: registry, prefix: 'vigil_', eventLoopMonitoringPrecision: 1000 });
renameNodeTotals();

/**
 * prom-client names three of Node's gauges (active handles, requests, resources) `_total`, which
 * Prometheus keeps for counters (`promtool check metrics` refuses them, and rate() over a gauge
 * misleads). Each is served again as `vigil_nodejs_<kind>_active`, reading the same value.
 */
function renameNodeTotals() {
  for (const kind of ['handles', 'requests', 'resources']) {
    const original = registry.getSingleMetric(`vigil_nodejs_active_${kind}_total`);
    // Node versions without the resource list have no such gauge.
    if (!original) continue;
    registry.removeSingleMetric(`vigil_nodejs_active_${kind}_total`);
    new Gauge({
      name: `vigil_nodejs_${kind}_active`,
      help: `This process's active ${kind}, all types together (vigil_nodejs_active_${kind} has them by type).`,
      registers: [registry],
      async collect() {
        this.set((await original.get()).values[0]?.value ?? 0);
      },
    });
  }
}

const segmentsIndexed = new Counter({
  name: 'vigil_segments_indexed_total',
  help: 'Recorded segments this process indexed (footage readable by every process).',
  registers: [registry],
});
const segmentLag = new Histogram({
  name: 'vigil_segment_index_lag_seconds',
  help: 'Seconds from the end of a segment to its index row (with S3: after its upload).',
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
  registers: [registry],
});
let backlog: () => { segments: number; bytes: number } = () => ({ segments: 0, bytes: 0 });
new Gauge({
  name: 'vigil_upload_backlog_segments',
  help: 'Closed segments waiting in this recorder’s buffer for their upload to S3.',
  registers: [registry],
  collect() {
    this.set(backlog().segments);
  },
});
new Gauge({
  name: 'vigil_upload_backlog_bytes',
  help: 'Bytes of the segments waiting for their upload to S3.',
  registers: [registry],
  collect() {
    this.set(backlog().bytes);
  },
});
// The disk guard (video/disk-guard.ts): the media folder's free space against its threshold.
const mediaFree = new Gauge({
  name: 'vigil_media_free_bytes',
  help: 'Free bytes on the filesystem of this recorder’s media folder (statfs, as an unprivileged writer sees it).',
  registers: [registry],
});
const guardThreshold = new Gauge({
  name: 'vigil_disk_guard_threshold_bytes',
  help: 'Free bytes the disk guard keeps on the media folder’s filesystem (the oldest unprotected footage goes first).',
  registers: [registry],
});
const onlyProtected = new Gauge({
  name: 'vigil_disk_guard_only_protected',
  help: '1 while the media folder is at its threshold and only protected footage is left to delete (an installation alert).',
  registers: [registry],
});
const recordingPaused = new Gauge({
  name: 'vigil_disk_guard_recording_paused',
  help: '1 while this recorder has stopped recording because its disk is full of protected footage.',
  registers: [registry],
});
const prunedBytes = new Counter({
  name: 'vigil_disk_guard_pruned_bytes_total',
  help: 'Bytes of footage the disk guard deleted to keep free space above its threshold.',
  registers: [registry],
});
const prunedSegments = new Counter({
  name: 'vigil_disk_guard_pruned_segments_total',
  help: 'Segments of footage the disk guard deleted to keep free space above its threshold.',
  registers: [registry],
});
const jobsFailed = new Counter({
  name: 'vigil_jobs_failed_total',
  help: 'Job attempts that failed in this process, by job kind (each is retried until its last attempt).',
  labelNames: ['task'],
  registers: [registry],
});
/** Every HTTP request's latency by route pattern, method and status class (tallied per route, written at scrape). */
export const httpDuration = new HttpDuration(registry);

export function recordSegmentIndexed(lagSeconds: number): void {
  segmentsIndexed.inc();
  segmentLag.observe(Math.max(0, lagSeconds));
}

export function recordJobFailed(task: string): void {
  jobsFailed.inc({ task });
}

/** The disk guard's last check. */
export function reportDiskGuard(s: { free: number; threshold: number; onlyProtected: boolean; paused: boolean }): void {
  mediaFree.set(s.free);
  guardThreshold.set(s.threshold);
  onlyProtected.set(s.onlyProtected ? 1 : 0);
  recordingPaused.set(s.paused ? 1 : 0);
}

export function recordDiskPruned(bytes: number, segments: number): void {
  prunedBytes.inc(bytes);
  prunedSegments.inc(segments);
}

/** The recorder's upload backlog, read at each scrape. */
export function watchUploadBacklog(read: () => { segments: number; bytes: number }): void {
  backlog = read;
}
