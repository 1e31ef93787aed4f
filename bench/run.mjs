// `npm run bench`: every benchmark in turn (they share the machine, so never in parallel).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

// `--check`: the benches of bench/budget.json, their figures against their budgets (bench/check.mjs).
if (process.argv.includes('--check')) {
  await import('./check.mjs');
  process.exit(process.exitCode ?? 0);
}
const only = process.argv.slice(2);
for (const b of [
  'landing-js',
  'cold-start',
  'me-latency',
  'page-reads',
  'timeline-query',
  'idle-server',
  'recorder-cpu',
  'spawn-fault-cost',
  'keyframe-jpeg',
  'recorder-s3-cpu',
  'record-sound',
  'motion-cpu',
  'rtp-output-cost',
  'live-latency',
  'live-first-frame',
  'ptz-latency',
  'h265-rendition',
  'signup-flood',
  'pg-recovery',
  'lease-overhead',
  'failover',
  'db-outage',
  'live-remote-latency',
  'job-queue',
  'events-query',
  'event-ingest',
  'alert-latency',
  'notify-latency',
  'mqtt-latency',
  'notify-throughput',
  'billing-page',
  'billing-webhooks',
  'stripe-webhook',
  'team-members',
  'audit',
  'vms-dashboard',
  'dashboard',
  'bulk-operations',
  'report-render',
  'pdf-fonts',
  'analytics',
  'ai-detector',
  'ai-pipeline',
  'ai-input-size',
  'time-zone',
  'disk-guard',
  // 30 minutes, a fault every 2 (needs root: it mounts a tmpfs).
  'soak',
]) {
  if (only.length && !only.includes(b)) continue;
  execFileSync(process.execPath, [path.join(ROOT, 'bench', `${b}.mjs`)], { stdio: 'inherit', cwd: ROOT });
}
