import type { TestApp } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * The authorization walk's objects and fixtures for the reports routes: finished
 * reports (rows written directly, as the render job leaves them) and schedules of the `user`
 * actor's workspace — one of each for DELETE to spend — and one of each of another workspace.
 */
export interface ReportObjects {
  reports: { own: string; ownDoomed: string; foreign: string };
  reportSchedules: { own: string; ownDoomed: string; foreign: string };
}

export async function seedReportObjects(
  t: TestApp,
  cameras: { own: string; foreign: string },
  workspaces: { own: string; foreign: string },
): Promise<ReportObjects> {
  return withPg(t.databaseUrl, async (c) => {
    const report = async (cameraId: string) => {
      const sql = `insert into reports (workspace_id, kind, format, from_at, to_at, camera_ids, time_zone, language, status, path, bytes, progress)
        select workspace_id, 'events', 'csv', now() - interval '7 days', now(), array[id], 'UTC', 'en', 'done', 'walk/report.csv', 1, 1
        from cameras where id = $1 returning id`;
      return (await c.query<{ id: string }>(sql, [cameraId])).rows[0]!.id;
    };
    const schedule = async (workspaceId: string) => {
      const sql = `insert into report_schedules (workspace_id, kind, format, frequency, recipient_ids)
        values ($1, 'uptime', 'pdf', 'weekly', array[(select owner_id from workspaces where id = $1)]) returning id`;
      return (await c.query<{ id: string }>(sql, [workspaceId])).rows[0]!.id;
    };
    return {
      reports: {
        own: await report(cameras.own),
        ownDoomed: await report(cameras.own),
        foreign: await report(cameras.foreign),
      },
      reportSchedules: {
        own: await schedule(workspaces.own),
        ownDoomed: await schedule(workspaces.own),
        foreign: await schedule(workspaces.foreign),
      },
    };
  });
}

export const REPORT_FIXTURES: Record<string, (w: ReportObjects) => { url: string; foreignUrl?: string }> = {
  'GET /api/v1/reports/:id': (w) => ({
    url: `/api/v1/reports/${w.reports.own}`,
    foreignUrl: `/api/v1/reports/${w.reports.foreign}`,
  }),
  // A redirect (302) to the file's signed link: the own-object check wants a 2xx, so another
  // workspace's report (a 404) is checked in modules/reports/reports-api.test.ts.
  'GET /api/v1/reports/:id/download': (w) => ({ url: `/api/v1/reports/${w.reports.own}/download` }),
  'DELETE /api/v1/reports/:id': (w) => ({
    url: `/api/v1/reports/${w.reports.ownDoomed}`,
    foreignUrl: `/api/v1/reports/${w.reports.foreign}`,
  }),
  // An empty patch changes nothing, so the own call succeeds and the foreign one must hide.
  'PATCH /api/v1/report-schedules/:id': (w) => ({
    url: `/api/v1/report-schedules/${w.reportSchedules.own}`,
    foreignUrl: `/api/v1/report-schedules/${w.reportSchedules.foreign}`,
  }),
  'DELETE /api/v1/report-schedules/:id': (w) => ({
    url: `/api/v1/report-schedules/${w.reportSchedules.ownDoomed}`,
    foreignUrl: `/api/v1/report-schedules/${w.reportSchedules.foreign}`,
  }),
};
