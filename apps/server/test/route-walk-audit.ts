import type { TestApp } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * The authorization walk's objects and fixtures for the audit log's routes. The log's
 * own routes take no path parameter (the walk calls them bare: owners and administrators pass,
 * viewers and operators are refused); the audited export download takes a finished export of the
 * `user` actor's workspace.
 */
export interface AuditObjects {
  audit: { doneExports: { own: string } };
}

export async function seedAuditObjects(
  t: TestApp,
  cameras: { own: string },
  requestedBy: string,
): Promise<AuditObjects> {
  return withPg(t.databaseUrl, async (c) => {
    const add = async (cameraId: string) => {
      const sql = `insert into exports (camera_id, workspace_id, requested_by, from_at, to_at, status, path, bytes)
        select id, workspace_id, $2, now() - interval '1 hour', now() - interval '59 minutes', 'done', 'walk/clip.mp4', 1
        from cameras where id = $1 returning id`;
      return (await c.query<{ id: string }>(sql, [cameraId, requestedBy])).rows[0]!.id;
    };
    return { audit: { doneExports: { own: await add(cameras.own) } } };
  });
}

export const AUDIT_FIXTURES: Record<string, (w: AuditObjects) => { url: string; foreignUrl?: string }> = {
  // A redirect (302) to the file's signed link for a finished export. The walk's own-object check
  // wants a 2xx, so another workspace's export (a 404) is checked in modules/audit/audit-hooks.test.ts.
  'GET /api/v1/exports/:id/download': (w) => ({ url: `/api/v1/exports/${w.audit.doneExports.own}/download` }),
};
