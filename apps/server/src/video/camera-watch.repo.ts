import type { DbOrTx } from '@vigil/db';
import { schema } from '@vigil/db';
import { eq, sql } from 'drizzle-orm';

/** The camera watch's SQL (camera-watch.ts): cameras whose lease lapsed, and marking one offline. */
const { cameras, events } = schema;

/**
 * Enabled cameras nobody records: no recorder has held their lease for `graceMs` (every recorder
 * down, or none ever started), and no outage is open for them yet.
 */
export async function unrecordedCameras(db: DbOrTx, graceMs: number) {
  const r = await db.execute<{ id: string; workspace_id: string; since: string }>(sql`
    select c.id, c.workspace_id, coalesce(l.expires_at, c.created_at) as since
    from ${cameras} c left join camera_leases l on l.camera_id = c.id
    where c.enabled
      and coalesce(l.expires_at, c.created_at) < now() - make_interval(secs => ${graceMs / 1000})
      and not exists (select 1 from ${events} e where e.camera_id = c.id and e.kind = 'camera.offline' and e.end_at is null)`);
  return r.rows.map((x) => ({ id: x.id, workspaceId: x.workspace_id, since: new Date(x.since) }));
}

/**
 * Locks the camera and says whether it is still unrecorded: enabled, and no recorder took its
 * lease within `graceMs` meanwhile.
 */
export async function lockUnrecorded(tx: DbOrTx, cameraId: string, graceMs: number): Promise<boolean> {
  const [row] = (
    await tx.execute<{ held: boolean }>(sql`
      select exists (select 1 from camera_leases l where l.camera_id = c.id
                       and l.expires_at >= now() - make_interval(secs => ${graceMs / 1000})) as held
      from ${cameras} c where c.id = ${cameraId} and c.enabled for update of c`)
  ).rows;
  return Boolean(row && !row.held);
}

export async function setOffline(tx: DbOrTx, cameraId: string, error: string): Promise<void> {
  await tx
    .update(cameras)
    .set({ status: 'offline', lastError: error, statusChangedAt: new Date() })
    .where(eq(cameras.id, cameraId));
}
