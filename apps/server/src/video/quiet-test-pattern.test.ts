import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { quietUntilAsked } from '../modules/cameras/camera-source-columns.ts';
import { segmentRows, useTestRecorder, waitFor } from '../../test/recorder-helpers.ts';

/**
 * Quiet by default: a test pattern (always moving, so motion detection fires from its first
 * second) raised 36 alerts in 20 minutes when it was armed by default, each mailed to the owner
 * and managers. Created as the cameras service creates it, it records for half a minute and
 * raises nothing: no event, so no alert and no notification, while the same picture with motion
 * events on (the control beside it) raises some in that time. The file mostly waits.
 */
const rig = useTestRecorder();
const OBSERVED_MS = 30_000;

it(
  'a test pattern records for half a minute and raises no event, no alert',
  async () => {
    const cam = await rig.addCamera({ sourceType: 'test-pattern', ...quietUntilAsked({ type: 'test-pattern' }) });
    // Beside it, the control: the same picture with motion events on raises one within the window.
    const control = await rig.addCamera({ sourceType: 'test-pattern' });
    await waitFor(async () => ((await segmentRows(rig.db, cam.id)).length >= 1 ? true : null), 30_000, 'a segment');
    const from = Date.now();
    await new Promise((r) => setTimeout(r, OBSERVED_MS));
    // It was recording all along (segments spanning the half minute)...
    const rows = await segmentRows(rig.db, cam.id);
    const covered = rows.reduce((s, r) => s + (r.endAt.getTime() - r.startAt.getTime()), 0);
    expect(covered).toBeGreaterThan(OBSERVED_MS - 12_000);
    expect(rows.at(-1)!.endAt.getTime()).toBeGreaterThan(from + OBSERVED_MS - 12_000);
    // ...and nothing was raised: no event of any kind, no notification delivery.
    const events = await rig.db.execute(sql`select kind from events where camera_id = ${cam.id}`);
    expect(events.rows).toEqual([]);
    const controlEvents = await rig.db.execute<{ kind: string }>(
      sql`select kind from events where camera_id = ${control.id} and kind = 'motion'`,
    );
    expect(controlEvents.rows.length).toBeGreaterThan(0);
    const deliveries = await rig.db.execute(
      sql`select d.id from deliveries d join events e on e.id = d.event_id where e.camera_id = ${cam.id}`,
    );
    expect(deliveries.rows).toEqual([]);
  },
  OBSERVED_MS + 60_000,
);
