import { randomUUID } from 'node:crypto';
import type { AuthResult } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { connectPg } from '../../../test/helpers.ts';

/**
 * A person deletes a camera while its recorder writes for it. The recorder's write holds the
 * camera's lease row (for share, its fence) and then touches the camera's row (an event's foreign
 * key); the delete used to take the camera's row and then cascade to the lease: a deadlock, and
 * a 500 for the person. Now the delete takes the lease first and waits for the write to commit.
 */
describe('deleting a camera its recorder is writing for', () => {
  let t: TestApp;
  let owner: AuthResult;
  let recorder: pg.Client;
  let observer: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    recorder = await connectPg(t.databaseUrl);
    observer = await connectPg(t.databaseUrl);
  });
  afterAll(async () => {
    await recorder.end();
    await observer.end();
    await t.close();
  });

  it('waits for the write, then deletes: no deadlock, no 500', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: { name: 'Raced', source: { type: 'test-pattern' }, recordingMode: 'continuous' },
    });
    const cameraId = created.json().id as string;
    const nodeId = randomUUID();
    await recorder.query(
      `insert into vigil_nodes (id, roles, internal_url, hostname, pid, expires_at)
       values ($1, '{record}', 'http://127.0.0.1:1', 'test', 1, now() + interval '1 minute')`,
      [nodeId],
    );
    await recorder.query(
      `insert into camera_leases (camera_id, holder_id, epoch, expires_at)
       values ($1, $2, 1, now() + interval '1 minute')
       on conflict (camera_id) do update set holder_id = excluded.holder_id, expires_at = excluded.expires_at`,
      [cameraId, nodeId],
    );

    // The recorder's write begins: its fence (as cluster.repo holdsLease takes it).
    await recorder.query('begin');
    await recorder.query('select 1 from camera_leases where camera_id = $1 for share', [cameraId]);

    const deleted = t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cameras/${cameraId}`,
      headers: bearer(owner.token),
    });
    // The delete is under way once it waits on a lock the recorder holds.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const waiting = await observer.query(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where not l.granted and a.datname = current_database()`,
      );
      if (waiting.rows[0].n > 0) break;
      if (Date.now() > deadline) throw new Error('the delete never waited on the recorder’s lock');
      await new Promise((r) => setTimeout(r, 20));
    }

    // The write goes on to the camera's row, as an event's foreign key check does, and commits.
    await recorder.query('select 1 from cameras where id = $1 for key share', [cameraId]);
    await recorder.query('commit');

    const res = await deleted;
    expect(res.statusCode, res.body).toBe(204);
    const left = await observer.query('select count(*)::int as n from cameras where id = $1', [cameraId]);
    expect(left.rows[0].n).toBe(0);
  });
});
