import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCamera, videoWorkspace } from '../../test/recorder-helpers.ts';
import { heartbeat } from '../cluster/cluster.repo.ts';
import { CameraStatusWriter, REFUSED_STATUS_RETRY_MS } from './camera-status.ts';
import { CameraWriteChain } from './camera-write-chain.ts';

const w = videoWorkspace();

async function statusOf(cameraId: string): Promise<string> {
  const r = await w.db.execute<{ status: string }>(sql`select status from cameras where id = ${cameraId}`);
  return r.rows[0]!.status;
}

/** A recorder node holding the camera's lease at `epoch`, expired (lapsed) or not. */
async function lease(cameraId: string, holderId: string, epoch: number, lapsed: boolean) {
  await w.db.execute(sql`
    insert into camera_leases (camera_id, holder_id, epoch, expires_at)
    values (${cameraId}, ${holderId}, ${epoch}, now() + ${lapsed ? -1000 : 8000} * interval '1 millisecond')
    on conflict (camera_id) do update set holder_id = excluded.holder_id, epoch = excluded.epoch,
      expires_at = excluded.expires_at`);
}

describe('camera status writes under a lease', () => {
  it('a status refused while the lease had lapsed is written once the lease is renewed, with the same epoch', async () => {
    const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern', status: 'offline' });
    const node = { id: randomUUID(), roles: ['record'], internalUrl: 'http://127.0.0.1:1', hostname: 'h', pid: 1 };
    await heartbeat(w.db, node, 8000);
    // The keeper's round came late: the lease lapsed in the database, the keeper still holds it.
    await lease(cam.id, node.id, 3, true);
    let held = true;
    const writes = new CameraWriteChain(() => undefined);
    const status = new CameraStatusWriter(
      () => ({ id: cam.id, workspaceId: w.workspaceId }),
      { db: w.db, fence: () => (held ? { holderId: node.id, epoch: 3 } : null) },
      writes,
      { status: 'offline', lastError: null },
    );
    status.set('online', null);
    await writes.settled();
    expect(await statusOf(cam.id)).toBe('offline');
    // The next round renews it with its epoch unchanged: the dropped write comes again.
    await lease(cam.id, node.id, 3, false);
    await new Promise((r) => setTimeout(r, REFUSED_STATUS_RETRY_MS + 300));
    await writes.settled();
    expect(await statusOf(cam.id)).toBe('online');

    // Lost to another recorder (a new epoch): refused, and not tried again once the keeper knows.
    await lease(cam.id, randomUUID(), 4, false);
    status.set('reconnecting', 'gone');
    held = false;
    await writes.settled();
    await new Promise((r) => setTimeout(r, REFUSED_STATUS_RETRY_MS + 300));
    await writes.settled();
    expect(await statusOf(cam.id)).toBe('online');
    status.close();
  });

  it('a status write that failed (no pool connection in time) is tried again, not left for good', async () => {
    const cam = await insertCamera(w.db, w.workspaceId, { sourceType: 'test-pattern', status: 'offline' });
    // The recorder's pool under load: the first transaction gets no connection in time.
    let failures = 1;
    const busy = new Proxy(w.db, {
      get(target, key, receiver) {
        if (key === 'transaction' && failures-- > 0)
          return () => Promise.reject(new Error('timeout exceeded when trying to connect'));
        return Reflect.get(target, key, receiver);
      },
    });
    const said: string[] = [];
    const writes = new CameraWriteChain((m) => said.push(m));
    const status = new CameraStatusWriter(
      () => ({ id: cam.id, workspaceId: w.workspaceId }),
      { db: busy, fence: () => undefined },
      writes,
      { status: 'offline', lastError: null },
    );
    status.set('online', null);
    await writes.settled();
    expect(said).toEqual([`camera ${cam.id}: status write failed: Error: timeout exceeded when trying to connect`]);
    expect(await statusOf(cam.id)).toBe('offline');
    await new Promise((r) => setTimeout(r, REFUSED_STATUS_RETRY_MS + 300));
    await writes.settled();
    expect(await statusOf(cam.id)).toBe('online');
    status.close();
  });
});
