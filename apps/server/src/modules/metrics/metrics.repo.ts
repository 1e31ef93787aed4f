import type { Db } from '@vigil/db';
import { sql } from 'drizzle-orm';

/** The installation-wide figures /metrics reads at each scrape. */
export async function camerasByStatus(db: Db): Promise<{ status: string; n: number }[]> {
  const r = await db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from cameras group by status`,
  );
  return r.rows;
}

export async function camerasPerRecorder(db: Db): Promise<{ node: string; hostname: string; n: number }[]> {
  const r = await db.execute<{ node: string; hostname: string; n: number }>(sql`
    select n.id as node, n.hostname, count(l.camera_id)::int as n
    from vigil_nodes n left join camera_leases l on l.holder_id = n.id and l.expires_at > now()
    where n.expires_at > now() and 'record' = any(n.roles)
    group by n.id, n.hostname`);
  return r.rows;
}
