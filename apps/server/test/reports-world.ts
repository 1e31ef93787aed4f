import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDb } from '@vigil/db';
import type { Report } from '@vigil/shared';
import type pg from 'pg';
import { expect } from 'vitest';
import { createLocalStorage } from '../src/lib/storage.ts';
import type { JobWorker } from '../src/modules/jobs/job-worker.service.ts';
import { createMailService } from '../src/modules/mail/mail.service.ts';
import { createReportTasks } from '../src/modules/reports/reports.module.ts';
import { type TestApp, bearer } from './harness.ts';
import { startTestWorker } from './job-helpers.ts';

const run = promisify(execFile);

/**
 * Reports' test world: cameras that existed since a given instant, outages and events written as
 * the recorder and the camera watch write them, the real queue running the report tasks, and the
 * finished file fetched through its signed link.
 */
export async function addCamera(
  c: pg.Client,
  workspaceId: string,
  name: string,
  createdAt: string,
  siteId: string | null = null,
): Promise<string> {
  const { rows } = await c.query<{ id: string }>(
    `insert into cameras (workspace_id, name, source_type, created_at, site_id, enabled)
     values ($1, $2, 'test-pattern', $3, $4, false) returning id`,
    [workspaceId, name, createdAt, siteId],
  );
  return rows[0]!.id;
}

export async function addSite(c: pg.Client, workspaceId: string, name: string, timezone: string | null = null) {
  const { rows } = await c.query<{ id: string }>(
    'insert into sites (workspace_id, name, timezone) values ($1, $2, $3) returning id',
    [workspaceId, name, timezone],
  );
  return rows[0]!.id;
}

export async function addEvent(
  c: pg.Client,
  o: {
    workspaceId: string;
    cameraId: string;
    kind: string;
    severity?: 'alert' | 'info';
    start: string;
    end?: string | null;
    ackAfterS?: number;
  },
): Promise<void> {
  await c.query(
    `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at, acknowledged_at)
     values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz,
       case when $7::int is null then null else $5::timestamptz + make_interval(secs => $7::int) end)`,
    [o.workspaceId, o.cameraId, o.kind, o.severity ?? 'info', o.start, o.end ?? null, o.ackAfterS ?? null],
  );
}

/** The work role's report tasks on the real queue, over the app's own storage; mail to `smtpUrl` if given. */
export async function startReportWorker(
  t: TestApp,
  o: { smtpUrl?: string } = {},
): Promise<{ worker: JobWorker; tasks: ReturnType<typeof createReportTasks>; close(): Promise<void> }> {
  const jobsDb = createDb(t.databaseUrl, 3);
  const storage = createLocalStorage(t.config.storageDir, t.config.authSecret);
  const tasks = createReportTasks({
    db: jobsDb.db,
    storage,
    mail: createMailService({ db: jobsDb.db, smtpUrl: o.smtpUrl, from: 'vigil@example.com' }),
    publicUrl: t.config.publicUrl,
    log: () => {},
  });
  const worker = await startTestWorker({ databaseUrl: t.databaseUrl, db: jobsDb.db, tasks });
  return {
    worker,
    tasks,
    async close() {
      await worker.stop();
      await jobsDb.pool.end();
    },
  };
}

/** Polls a report until it is done (or failed), up to 15 s. */
export async function waitForReport(t: TestApp, token: string, id: string): Promise<Report> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/reports/${id}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    if (report.status === 'done' || report.status === 'failed') return report;
    if (Date.now() > deadline) throw new Error(`report ${id} still ${report.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The finished file, through the link the API signed. */
export async function download(
  t: TestApp,
  report: Report,
): Promise<{ body: Buffer; headers: Record<string, unknown> }> {
  expect(report.downloadUrl).toBeTruthy();
  const res = await t.app.inject({ method: 'GET', url: report.downloadUrl! });
  expect(res.statusCode).toBe(200);
  return { body: res.rawPayload, headers: res.headers };
}

/** A PDF's text as poppler's pdftotext reads it (layout kept, no-break spaces as plain ones). */
export async function pdfText(pdf: Buffer, dir: string): Promise<string> {
  const folder = await mkdtemp(path.join(dir, 'pdf-'));
  const file = path.join(folder, 'report.pdf');
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.replace(/[\u00a0\u202f]/g, ' ');
}
