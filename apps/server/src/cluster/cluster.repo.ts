import type { Db, DbOrTx } from '@vigil/db';
import { sql } from 'drizzle-orm';
import { publish } from '../lib/realtime.ts';

/** Heard by every recorder: a camera was handed back and waits for its next holder. */
export const LEASE_RELEASED_TOPIC = 'camera.released';

/**
 * The cluster's only SQL: the registry of live processes (vigil_nodes) and the camera leases.
 * Times are the database's `now()`, never a process clock, so machines with skewed clocks agree
 * on who holds what.
 */

export interface NodeInfo {
  id: string;
  roles: readonly string[];
  internalUrl: string;
  hostname: string;
  pid: number;
}

export interface HeldLease {
  cameraId: string;
  epoch: number;
  /**
   * Claimed from another recorder whose lease lapsed and whose node row is still there: the
   * process may be alive and cut off from the database, still writing the camera's files (their
   * names carry its epoch). Its host and pid let a recorder on the same host tell it is dead.
   */
  former?: { hostname: string; pid: number };
}

/** A recorder's claim on a camera, named in every write it makes for that camera. */
export interface Fence {
  holderId: string;
  epoch: number;
}

export async function heartbeat(db: Db, node: NodeInfo, ttlMs: number): Promise<void> {
  await db.execute(sql`
    insert into vigil_nodes (id, roles, internal_url, hostname, pid, expires_at)
    values (${node.id}, ${`{${node.roles.join(',')}}`}::text[], ${node.internalUrl}, ${node.hostname}, ${node.pid},
            now() + ${ttlMs} * interval '1 millisecond')
    on conflict (id) do update set expires_at = excluded.expires_at, internal_url = excluded.internal_url`);
}

/**
 * A process that starts on the address (host and internal URL) of a registered node is that
 * node's successor: nothing else can listen on that address while this one does, so the old
 * process is dead (a crash, kill -9, a container restart). Its row goes and its leases lapse now,
 * so a restart takes its cameras back at once instead of waiting out the lease.
 */
export async function retirePredecessors(db: Db, node: NodeInfo): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    with gone as (
      delete from vigil_nodes where hostname = ${node.hostname} and internal_url = ${node.internalUrl} and id <> ${node.id}
      returning id
    ), lapsed as (
      update camera_leases set expires_at = now(), updated_at = now()
      where holder_id in (select id from gone) and expires_at > now()
      returning camera_id
    )
    select count(*)::int as n from lapsed`);
  return r.rows[0]?.n ?? 0;
}

/**
 * A node id is kept in the data folder, so a process restarting on the same folder (a crash, an
 * upgrade) is the same node: the leases its previous run still holds — lapsed or not, as long as
 * nobody took them — are its own again, each with a new epoch (the previous run's files are then a
 * former writer's), and recording resumes at once.
 */
export async function adoptLeases(db: Db, holderId: string, ttlMs: number): Promise<HeldLease[]> {
  const r = await db.execute<{ camera_id: string; epoch: string }>(sql`
    update camera_leases set epoch = epoch + 1, expires_at = now() + ${ttlMs} * interval '1 millisecond',
      updated_at = now()
    where holder_id = ${holderId}
    returning camera_id, epoch`);
  return r.rows.map((row) => ({ cameraId: row.camera_id, epoch: Number(row.epoch) }));
}

/** The registry row of a node, if it is still live. */
export async function liveNode(db: Db, id: string): Promise<{ hostname: string; pid: number } | undefined> {
  const r = await db.execute<{ hostname: string; pid: number }>(sql`
    select hostname, pid from vigil_nodes where id = ${id} and expires_at > now()`);
  return r.rows[0];
}

/** A clean stop: the node leaves at once, and rows of nodes dead for an hour are cleared. */
export async function leave(db: Db, nodeId: string): Promise<void> {
  await db.execute(sql`delete from vigil_nodes where id = ${nodeId} or expires_at < now() - interval '1 hour'`);
}

/** How many recorders are alive, and how many cameras there are to record. */
export async function shareInputs(db: Db): Promise<{ recorders: number; cameras: number }> {
  const r = await db.execute<{ recorders: number; cameras: number }>(sql`
    select (select count(*)::int from vigil_nodes where 'record' = any(roles) and expires_at > now()) as recorders,
           (select count(*)::int from cameras where enabled) as cameras`);
  return r.rows[0]!;
}

/**
 * Extends every lease this node still holds; the cameras missing from the answer were lost
 * (another recorder took them, or the camera was deleted). A lease that lapsed while this node was
 * cut off but that nobody claimed still names it, with the same epoch: no other writer came in
 * between, so it is renewed as if it had never lapsed.
 */
export async function renewLeases(db: Db, holderId: string, ttlMs: number): Promise<HeldLease[]> {
  const r = await db.execute<{ camera_id: string; epoch: string }>(sql`
    update camera_leases set expires_at = now() + ${ttlMs} * interval '1 millisecond', updated_at = now()
    where holder_id = ${holderId}
    returning camera_id, epoch`);
  return r.rows.map((row) => ({ cameraId: row.camera_id, epoch: Number(row.epoch) }));
}

/**
 * Takes up to `limit` enabled cameras nobody holds (never leased, released, or lapsed), each with
 * a new epoch. Two recorders racing for one camera: the unique key serialises them and the loser's
 * conditional update matches nothing, so it simply gets fewer this round.
 */
export async function claimLeases(db: Db, holderId: string, ttlMs: number, limit: number): Promise<HeldLease[]> {
  if (limit <= 0) return [];
  const r = await db.execute<{ camera_id: string; epoch: string; hostname: string | null; pid: number | null }>(sql`
    with candidate as (
      select c.id as camera_id, n.hostname, n.pid
      from cameras c left join camera_leases l on l.camera_id = c.id
        left join vigil_nodes n on n.id = l.holder_id and n.id <> ${holderId}
      where c.enabled and (l.camera_id is null or l.expires_at <= now())
      order by random()
      limit ${limit}
    ), claimed as (
      insert into camera_leases (camera_id, holder_id, epoch, expires_at)
      select camera_id, ${holderId}, 1, now() + ${ttlMs} * interval '1 millisecond' from candidate
      on conflict (camera_id) do update
        set holder_id = excluded.holder_id, epoch = camera_leases.epoch + 1, expires_at = excluded.expires_at,
            updated_at = now()
        where camera_leases.expires_at <= now()
      returning camera_id, epoch
    )
    select claimed.camera_id, claimed.epoch, candidate.hostname, candidate.pid
    from claimed join candidate using (camera_id)`);
  return r.rows.map((row) => ({
    cameraId: row.camera_id,
    epoch: Number(row.epoch),
    ...(row.hostname !== null && row.pid !== null ? { former: { hostname: row.hostname, pid: row.pid } } : {}),
  }));
}

/** Hands a camera back at once (its ffmpeg has stopped): the next recorder need not wait for expiry. */
export async function releaseLease(db: Db, fence: Fence & { cameraId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await tx.execute(sql`
      update camera_leases set holder_id = null, expires_at = now(), updated_at = now()
      where camera_id = ${fence.cameraId} and holder_id = ${fence.holderId} and epoch = ${fence.epoch}`);
    if (r.rowCount) await publish(tx, { topic: LEASE_RELEASED_TOPIC, id: fence.cameraId });
  });
}

/**
 * Inside a writer's transaction: true while the fence still holds the camera. The row is locked
 * for share, so no recorder can take the camera over until the write commits.
 */
export async function holdsLease(tx: DbOrTx, cameraId: string, fence: Fence): Promise<boolean> {
  const r = await tx.execute(sql`
    select 1 from camera_leases
    where camera_id = ${cameraId} and holder_id = ${fence.holderId} and epoch = ${fence.epoch} and expires_at > now()
    for share`);
  return r.rows.length > 0;
}

/** The internal address of the live process recording a camera now, if any. */
export async function holderUrl(db: Db, cameraId: string): Promise<{ nodeId: string; url: string } | undefined> {
  const r = await db.execute<{ id: string; internal_url: string }>(sql`
    select n.id, n.internal_url from camera_leases l join vigil_nodes n on n.id = l.holder_id
    where l.camera_id = ${cameraId} and l.expires_at > now() and n.expires_at > now()`);
  const row = r.rows[0];
  return row && { nodeId: row.id, url: row.internal_url };
}
