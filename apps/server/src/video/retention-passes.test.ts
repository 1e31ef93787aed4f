import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_SECRET, insertCamera, waitFor } from '../../test/recorder-helpers.ts';
import { HOUR, NOW, gone, kept, useRetentionWorld } from '../../test/retention-world.ts';
import { createRecorder } from './recorder.ts';
import { createRetention } from './retention.ts';

/** When retention runs: poked after a segment is indexed, and by the recorder at start and on its timer. */
const w = useRetentionWorld();
const { recording, workspace, state, notices, log } = w;

describe('createRetention', () => {
  it('a poke after an indexed segment prunes at once when the workspace is over maxRecordings', async () => {
    const { workspaceId } = await workspace({ maxRecordings: 2 });
    const a = await insertCamera(w.db, workspaceId);
    const first = await recording(a, new Date(NOW.getTime() - 3 * HOUR));
    await recording(a, new Date(NOW.getTime() - 2 * HOUR));
    const retention = createRetention({ db: w.db, mediaRoot: w.t.mediaRoot, log, intervalMs: 0, pokeMs: 10 });
    retention.start(); // interval 0: no timer, no pass
    try {
      retention.poke(workspaceId); // at the limit, not over: nothing to do
      await new Promise((r) => setTimeout(r, 300));
      expect((await state(workspaceId)).recordings).toBe(2);
      expect(kept(first)).toBe(true);
      await recording(a, new Date(NOW.getTime() - HOUR));
      retention.poke(workspaceId);
      await waitFor(async () => (await state(workspaceId)).recordings === 2, 5000, 'the prune');
      expect(gone(first)).toBe(true);
    } finally {
      await retention.stop();
    }
  });
});

describe('the recorder runs retention', () => {
  it('passes once at start (then on its timer) and stops with the recorder', async () => {
    // No ffmpeg here: every camera of this database is disabled, only retention has work.
    await w.db.execute(sql`update cameras set enabled = false`);
    const { workspaceId } = await workspace({ maxRecordings: 1 });
    const a = await insertCamera(w.db, workspaceId, { enabled: false });
    const old = [
      ...(await recording(a, new Date(Date.now() - 3 * HOUR))),
      ...(await recording(a, new Date(Date.now() - 2 * HOUR))),
    ];
    const recorder = createRecorder({
      allowLoopbackTargets: true,
      databaseUrl: w.t.databaseUrl,
      mediaRoot: w.t.mediaRoot,
      authSecret: AUTH_SECRET,
      retentionMs: 60_000,
      log,
    });
    await recorder.start();
    try {
      await waitFor(async () => (await state(workspaceId)).recordings === 1, 10_000, 'the start pass');
      expect(gone(old.slice(0, 1))).toBe(true);
      expect(await notices(workspaceId)).toMatchObject([{ reason: 'maxRecordings', recordings_removed: 1 }]);
    } finally {
      await recorder.stop();
    }
  });
});
