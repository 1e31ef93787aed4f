import type { Db } from '@vigil/db';
import { Gauge, Registry } from 'prom-client';
import { registry } from '../../lib/metrics.ts';
import { jobCounts } from '../jobs/jobs.module.ts';
import { camerasByStatus, camerasPerRecorder } from './metrics.repo.ts';

/**
 * What GET /metrics answers: this process's own metrics (lib/metrics.ts) and the installation-wide
 * gauges, read from this app's database at each scrape.
 */
export function createMetricsService(deps: { db: Db }) {
  const installation = new Registry();
  new Gauge({
    name: 'vigil_cameras',
    help: 'Cameras by status (online, reconnecting, offline, disabled).',
    labelNames: ['status'],
    registers: [installation],
    async collect() {
      this.reset();
      for (const row of await camerasByStatus(deps.db)) this.set({ status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'vigil_recorder_cameras',
    help: 'Cameras each live recorder holds the lease of.',
    labelNames: ['node', 'hostname'],
    registers: [installation],
    async collect() {
      this.reset();
      for (const row of await camerasPerRecorder(deps.db)) this.set({ node: row.node, hostname: row.hostname }, row.n);
    },
  });
  new Gauge({
    name: 'vigil_jobs',
    help: 'Background jobs: waiting to run now, running, and dead (failed every attempt).',
    labelNames: ['state'],
    registers: [installation],
    async collect() {
      const c = await jobCounts(deps.db);
      for (const state of ['waiting', 'running', 'dead'] as const) this.set({ state }, c[state]);
    },
  });
  const both = Registry.merge([registry, installation]);
  return {
    contentType: both.contentType,
    text: () => both.metrics(),
  };
}
export type MetricsService = ReturnType<typeof createMetricsService>;
