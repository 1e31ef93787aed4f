import { createDb, refreshUsage } from '@vigil/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCamera, insertRecording } from '../../../test/footage.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { withPg } from '../../../test/helpers.ts';
import { createMailService } from '../mail/mail.service.ts';
import { createBillingJobs } from './billing-jobs.service.ts';

/**
 * The hourly storage sample: each workspace's stored bytes (footage, finished exports and
 * reports, uploaded files) land in storage_daily, in bytes, and Billing's storage chart shows them.
 * The owner's usage figure is in GB with three decimals (0.044): the sample must not read it back.
 */
describe('storage sample', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app, { displayName: 'Admin' });
  });
  afterAll(() => t?.close());

  it('stores each workspace’s bytes for the day, keeps the day’s highest, and fills the chart', async () => {
    const owner = await signUp(t.app);
    const empty = await signUp(t.app);
    const ws = owner.workspace.id;
    const footage = 30_000_000 + 12_345_678;
    const file = 1_654_322;
    await withPg(t.databaseUrl, async (c) => {
      const camera = await insertCamera(c, ws, 'Door');
      const at = (min: number) => new Date(Date.now() - min * 60_000);
      await insertRecording(c, {
        workspaceId: ws,
        cameraId: camera,
        startAt: at(20),
        endAt: at(10),
        bytes: 30_000_000,
      });
      await insertRecording(c, { workspaceId: ws, cameraId: camera, startAt: at(10), endAt: at(0), bytes: 12_345_678 });
      await c.query(
        `insert into workspace_files (workspace_id, path, bytes, content_type) values ($1, 'plans/floor.png', $2, 'image/png')`,
        [ws, file],
      );
    });
    const { db, pool } = createDb(t.databaseUrl, 2);
    try {
      // The owner's usage as the product keeps it: 0.044 GB, the figure that broke the sample.
      await db.transaction((tx) => refreshUsage(tx, ws));
      const usage = await withPg(
        t.databaseUrl,
        async (c) =>
          (await c.query(`select usage->>'storageUsed' as gb from users where id = $1`, [owner.user.uid])).rows[0].gb,
      );
      expect(usage).toBe('0.044');
      const jobs = createBillingJobs({
        db,
        mail: createMailService({ db, from: 'vigil@test' }),
        publicUrl: 'http://127.0.0.1:3000',
        log: () => {},
      });
      await jobs.tasks['storage-sample']();
      const rows = () =>
        withPg(t.databaseUrl, async (c) =>
          (
            await c.query('select workspace_id, day::text, bytes from storage_daily where workspace_id = any($1)', [
              [ws, empty.workspace.id],
            ])
          ).rows.map((r) => ({ ws: r.workspace_id, day: r.day, bytes: Number(r.bytes) })),
        );
      const today = new Date().toISOString().slice(0, 10);
      expect(await rows()).toEqual(
        expect.arrayContaining([
          { ws, day: today, bytes: footage + file },
          { ws: empty.workspace.id, day: today, bytes: 0 },
        ]),
      );
      // Footage pruned later in the day: the day keeps its highest reading.
      await withPg(t.databaseUrl, (c) => c.query('delete from workspace_files where workspace_id = $1', [ws]));
      await jobs.tasks['storage-sample']();
      expect((await rows()).find((r) => r.ws === ws)?.bytes).toBe(footage + file);
    } finally {
      await pool.end();
    }
    const billing = await t.app.inject({ method: 'GET', url: '/api/v1/billing', headers: bearer(owner.token) });
    expect(billing.statusCode, billing.body).toBe(200);
    expect(billing.json().storageHistory).toEqual([
      { day: new Date().toISOString().slice(0, 10), bytes: footage + file },
    ]);
  });
});
