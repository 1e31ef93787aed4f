import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cameraRow, insertCamera, videoWorkspace } from '../../test/recorder-helpers.ts';
import { NO_RECORDER, watchCameras } from './camera-watch.ts';
import { writeStatus } from './camera-writes.ts';

/** Cameras nobody records (every recorder down) are reported offline by the work role's watch. */
describe('camera watch', () => {
  const w = videoWorkspace();

  const lease = (cameraId: string, expiresSecondsAgo: number) =>
    w.db.execute(sql`insert into camera_leases (camera_id, holder_id, epoch, expires_at)
      values (${cameraId}, gen_random_uuid(), 1, now() - make_interval(secs => ${expiresSecondsAgo}))`);
  const outages = async (cameraId: string) =>
    (
      await w.db.execute<{ start_at: Date; end_at: Date | null; detail: { error: string } }>(
        sql`select start_at, end_at, detail from events where camera_id = ${cameraId} and kind = 'camera.offline'`,
      )
    ).rows;

  it('a camera whose lease lapsed a minute ago is offline with an open outage from then; the others are left alone', async () => {
    const lapsed = await insertCamera(w.db, w.workspaceId, { status: 'online' });
    const held = await insertCamera(w.db, w.workspaceId, { status: 'online' });
    const justLapsed = await insertCamera(w.db, w.workspaceId, { status: 'online' });
    const disabled = await insertCamera(w.db, w.workspaceId, { enabled: false, status: 'disabled' });
    await lease(lapsed.id, 120);
    await lease(held.id, -8);
    await lease(justLapsed.id, 10);
    await lease(disabled.id, 3600);

    expect(await watchCameras(w.db)).toBe(1);
    expect(await cameraRow(w.db, lapsed.id)).toMatchObject({ status: 'offline', lastError: NO_RECORDER });
    const [outage] = await outages(lapsed.id);
    expect(outage!.end_at).toBeNull();
    expect(Date.now() - new Date(outage!.start_at).getTime()).toBeGreaterThan(119_000);
    expect(outage!.detail.error).toBe(NO_RECORDER);
    for (const cam of [held, justLapsed, disabled]) expect(await outages(cam.id)).toEqual([]);
    expect((await cameraRow(w.db, held.id)).status).toBe('online');

    // Once said, not again; a recorder that takes the camera and connects ends the outage.
    expect(await watchCameras(w.db)).toBe(0);
    expect(await outages(lapsed.id)).toHaveLength(1);
    await w.db.execute(
      sql`update camera_leases set expires_at = now() + interval '8 seconds' where camera_id = ${lapsed.id}`,
    );
    await writeStatus(w.db, { id: lapsed.id, workspaceId: w.workspaceId }, 'online', null, undefined, 'online');
    const [ended] = await outages(lapsed.id);
    expect(ended!.end_at).not.toBeNull();
    const back = await w.db.execute(
      sql`select 1 from events where camera_id = ${lapsed.id} and kind = 'camera.online'`,
    );
    expect(back.rows).toHaveLength(1);
  });

  it('a camera no recorder ever took (none running) counts from when it was added', async () => {
    const never = await insertCamera(w.db, w.workspaceId, { status: 'offline' });
    await w.db.execute(sql`update cameras set created_at = now() - interval '5 minutes' where id = ${never.id}`);
    const fresh = await insertCamera(w.db, w.workspaceId, { status: 'offline' });
    expect(await watchCameras(w.db)).toBe(1);
    expect(await outages(never.id)).toHaveLength(1);
    expect(await outages(fresh.id)).toEqual([]);
  });
});
