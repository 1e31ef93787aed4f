// Events per second through the recorder's real write path: insertEvent (apps/server/src/modules/
// events/event-log.service.ts: the camera's arming inputs in one query, the INSERT, a pg_notify) in its own
// transaction per event, as the recorder writes them, from 1 and 8 concurrent writers; with no
// schedule on the camera and with a weekly schedule (in a workspace time zone, with a holiday);
// and insertMotionEvent (the same plus a graphile-worker thumbnail job). Baseline in the same run:
// a bare INSERT of the same row, one per transaction through the same pool and drizzle.
// Each writer has its own camera (a recorder writes for the cameras it holds). Every commit waits
// for its WAL flush, as in production. Smoke: WINDOW_S=2.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const db = await import(path.join(ROOT, 'packages/db/src/index.ts'));
const { insertEvent, insertMotionEvent } = await import(
  path.join(ROOT, 'apps/server/src/modules/events/events.module.ts')
);
const { migrateJobQueue } = await import(path.join(ROOT, 'apps/server/src/modules/jobs/job-worker.service.ts'));

const WINDOW_S = Number(process.env.WINDOW_S ?? 10);
const WRITERS = (process.env.WRITERS ?? '1,8').split(',').map(Number);
const MAX_WRITERS = Math.max(...WRITERS);

const dir = mkdtempSync(path.join(tmpdir(), 'bench-event-ingest-'));
const pgServer = await db.startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), password: 'bench' });
const { db: orm, pool } = db.createDb(pgServer.url, MAX_WRITERS);
const { events } = db.schema;

/** Events per second from `writers` concurrent loops of `write(cameraIndex)` for WINDOW_S. */
async function rate(writers, write) {
  for (let w = 0; w < writers; w++) await write(w); // warm-up: one connection per writer
  let n = 0;
  const end = performance.now() + WINDOW_S * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (performance.now() < end) {
        await write(w);
        n++;
      }
    }),
  );
  const s = (performance.now() - t0) / 1000;
  return { 'events/s': Math.round(n / s), 'ms/event/writer': +((s * 1000 * writers) / n).toFixed(2) };
}

try {
  await db.runMigrations(orm);
  await migrateJobQueue(pgServer.url);
  const { rows: ws } = await pool.query(
    `insert into workspaces (name, owner_id, time_zone) values ('bench', gen_random_uuid(), 'Europe/Paris') returning id`,
  );
  const workspaceId = ws[0].id;
  const { rows: sched } = await pool.query(
    `insert into schedules (workspace_id, name, ranges, holidays) values ($1, 'Nights and weekends', $2, $3) returning id`,
    [
      workspaceId,
      JSON.stringify([
        ...[1, 2, 3, 4, 5].flatMap((day) => [
          { day, start: '00:00', end: '07:30' },
          { day, start: '19:00', end: '24:00' },
        ]),
        { day: 0, start: '00:00', end: '24:00' },
        { day: 6, start: '00:00', end: '24:00' },
      ]),
      JSON.stringify([{ from: '2026-12-24', to: '2026-12-26', armed: true }]),
    ],
  );
  const plainCams = [];
  const schedCams = [];
  for (let c = 0; c < MAX_WRITERS * 2; c++) {
    const { rows } = await pool.query(
      `insert into cameras (workspace_id, name, source_type, schedule_id) values ($1, $2, 'rtsp', $3) returning id`,
      [workspaceId, `cam ${c}`, c < MAX_WRITERS ? null : sched[0].id],
    );
    (c < MAX_WRITERS ? plainCams : schedCams).push(rows[0].id);
  }
  const event = (cameraId) => ({ cameraId, workspaceId, kind: 'motion', startAt: new Date(), zones: ['door'] });

  const paths = [
    [
      'baseline: bare INSERT of the same row, 1 per transaction',
      (w) =>
        orm.transaction((tx) =>
          tx.insert(events).values({
            ...event(plainCams[w]),
            severity: 'alert',
            armed: true,
            endAt: null,
            detail: null,
          }),
        ),
    ],
    ['insertEvent, no schedule', (w) => orm.transaction((tx) => insertEvent(tx, event(plainCams[w])))],
    ['insertEvent, weekly schedule', (w) => orm.transaction((tx) => insertEvent(tx, event(schedCams[w])))],
    [
      'insertMotionEvent (+ thumbnail job), weekly schedule',
      (w) => orm.transaction((tx) => insertMotionEvent(tx, event(schedCams[w]))),
    ],
  ];
  const rows = [];
  for (const writers of WRITERS) {
    for (const [what, write] of paths) {
      const r = await rate(writers, write);
      rows.push({ what, writers, ...r });
      console.log(`${what}, ${writers} writer(s): ${r['events/s']} events/s`);
    }
  }
  const { rows: check } = await pool.query(
    `select count(*)::int as n, count(*) filter (where severity = 'alert')::int as alerts from events`,
  );
  report('event-ingest', rows);
  console.log(
    `${check[0].n} events written (${check[0].alerts} alerts), ${WINDOW_S} s per figure; ` +
      'writers share one embedded PostgreSQL on this machine',
  );
} catch (e) {
  console.error('event-ingest failed:', e);
  process.exitCode = 1;
} finally {
  await pool.end();
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
