import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '@vigil/db';
import type { AdminDashboard } from '@vigil/shared';
import { lastAuditVerification } from '../audit/audit.module.ts';
import { jobCounts } from '../jobs/jobs.module.ts';
import { adminDashboardRepo as repo } from './admin-dashboard.repo.ts';

/**
 * The media folder's filesystem as this process sees it; before the first recording the folder
 * may not exist yet, so the nearest folder above it that does stands for it (the same filesystem
 * the recorder will create it on). Unreadable (no permission): null, and the card says it cannot
 * tell rather than the page failing.
 */
async function mediaDisk(mediaDir: string): Promise<AdminDashboard['disk']> {
  for (let dir = mediaDir; ; dir = path.dirname(dir)) {
    try {
      const s = await statfs(dir);
      return { mediaDir, freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(dir) === dir) return null;
    }
  }
}

export function createAdminDashboardService(deps: { db: Db; mediaDir: string }) {
  const { db } = deps;
  return {
    async read(): Promise<AdminDashboard> {
      const [recorders, counts, offlineList, database, disk, jobs, signups, plans, revenue, verification] =
        await Promise.all([
          repo.recorders(db),
          repo.cameraCounts(db),
          repo.offlineCameras(db),
          repo.database(db),
          mediaDisk(deps.mediaDir),
          jobCounts(db),
          repo.signups(db),
          repo.plans(db),
          repo.revenueThisMonth(db),
          lastAuditVerification(db),
        ]);
      return {
        at: new Date().toISOString(),
        recorders,
        unassignedCameras: counts.unassigned,
        database,
        disk,
        jobs,
        cameras: { total: counts.total, offline: counts.offline, offlineList },
        signups,
        plans,
        revenue,
        auditVerification: verification,
      };
    },
  };
}
export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
