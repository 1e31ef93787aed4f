import { createDb, storedBytes } from '@vigil/db';
import type { AuthResult, Report } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { joinWorkspace, connectPg } from '../../../test/helpers.ts';
import {
  addCamera,
  addEvent,
  download,
  pdfText,
  startReportWorker,
  waitForReport,
} from '../../../test/reports-world.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { createReportRenderTask } from './report-render.service.ts';

/**
 * Reports rendered by the real queue into the workspace's storage and read back: the PDF through
 * poppler's pdftotext, the CSV as text, their figures against the seeded outages and events.
 *
 * The week of Monday 3 March 2025 in Paris (UTC+1 all week: 168 h):
 * - Front door (since January): outages 10:00–12:00 and 11:00–13:00 on the 4th (merged: 3 h) and
 *   one from 22:00 on the 2nd to 01:00 on the 3rd (1 h inside): 4 h down → 97.62 %. Five motion
 *   alerts, four acknowledged after 60, 120, 180, 240 s (median 150 s, 90th percentile 222 s).
 * - Loading dock (named like a spreadsheet formula): no outage → 100 %; two motion (info), a gap.
 * - Yard (added on the 6th): offline from the 9th, still → 24 h of 96 → 75 %.
 * Overall: 28 h down of 432 → 93.52 %.
 */
const FROM = '2025-03-03T00:00:00+01:00';
const TO = '2025-03-10T00:00:00+01:00';
const FORMULA = "=cmd|' /C calc'!A0";

describe('reports: rendered by the queue, figures from events and outages', () => {
  let t: TestApp;
  let owner: AuthResult;
  let french: AuthResult;
  let c: pg.Client;
  let worker: Awaited<ReturnType<typeof startReportWorker>>;
  let jobsDb: ReturnType<typeof createDb>;
  const cams: Record<'front' | 'dock' | 'yard', string> = { front: '', dock: '', yard: '' };

  const ask = async (token: string, body: Record<string, unknown>): Promise<Report> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: bearer(token),
      payload: { from: FROM, to: TO, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return waitForReport(t, token, res.json().id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, { displayName: 'Olive Owner' });
    french = await signUp(t.app, { displayName: 'Fanny' });
    c = await connectPg(t.databaseUrl);
    const ws = owner.workspace.id;
    await joinWorkspace(t.databaseUrl, french.user.uid, ws, 'manager');
    await c.query(`update users set preferences = jsonb_set(preferences, '{language}', '"fr"') where id = $1`, [
      french.user.uid,
    ]);
    cams.front = await addCamera(c, ws, 'Front door', '2025-01-01T00:00:00Z');
    cams.dock = await addCamera(c, ws, FORMULA, '2025-01-01T00:00:00Z');
    cams.yard = await addCamera(c, ws, 'Yard', '2025-03-06T00:00:00+01:00');
    const ev = (cameraId: string, kind: string, start: string, o: Record<string, unknown> = {}) =>
      addEvent(c, { workspaceId: ws, cameraId, kind, start, ...o });
    await ev(cams.front, 'camera.offline', '2025-03-04T10:00:00+01:00', {
      end: '2025-03-04T12:00:00+01:00',
      severity: 'alert',
    });
    await ev(cams.front, 'camera.offline', '2025-03-04T11:00:00+01:00', {
      end: '2025-03-04T13:00:00+01:00',
      severity: 'alert',
    });
    await ev(cams.front, 'camera.offline', '2025-03-02T22:00:00+01:00', {
      end: '2025-03-03T01:00:00+01:00',
      severity: 'alert',
    });
    for (const [i, ack] of [60, 120, 180, 240, null].entries())
      await ev(cams.front, 'motion', `2025-03-05T08:${i}0:00+01:00`, { severity: 'alert', ackAfterS: ack });
    await ev(cams.front, 'motion', '2025-03-01T12:00:00+01:00', { severity: 'alert' }); // before the period
    await ev(cams.dock, 'motion', '2025-03-05T09:00:00+01:00');
    await ev(cams.dock, 'motion', '2025-03-06T09:00:00+01:00');
    await ev(cams.dock, 'recording.gap', '2025-03-05T10:00:00+01:00');
    await ev(cams.yard, 'camera.offline', '2025-03-09T00:00:00+01:00', { end: null, severity: 'alert' });
    worker = await startReportWorker(t);
    jobsDb = createDb(t.databaseUrl, 1);
  });
  afterAll(async () => {
    await worker?.close();
    await jobsDb?.pool.end();
    await c?.end();
    await t?.close();
  });

  it('an uptime PDF: title, period, zone and every camera’s uptime as pdftotext reads them', async () => {
    const report = await ask(owner.token, { kind: 'uptime', format: 'pdf' });
    expect(report).toMatchObject({
      status: 'done',
      progress: 1,
      cameraCount: 3,
      timeZone: 'Europe/Paris',
      language: 'en',
    });
    expect(report.fileName).toBe('vigil-uptime-2025-03-03_2025-03-09.pdf');
    const file = await download(t, report);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain(report.fileName);
    const text = await pdfText(file.body, t.config.dataDir);
    expect(text).toContain('Uptime report');
    expect(text).toContain('Period: Mar 3, 2025, 12:00 AM – Mar 10, 2025, 12:00 AM');
    expect(text).toContain('Time zone: Europe/Paris');
    expect(text).toContain('Overall uptime: 93.52%');
    // The table's row (the chart above names the camera too).
    const line = (name: string) =>
      text
        .split('\n')
        .filter((l) => l.trim().startsWith(name))
        .at(-1) ?? '';
    // Uptime, downtime, outages, longest outage.
    expect(line('Front door')).toMatch(/97\.62%\s+4 h 00 min\s+3\s+2 h 00 min/);
    expect(line(FORMULA)).toMatch(/100\.00%\s+0 s\s+0\s+–/);
    expect(line('Yard')).toMatch(/75\.00%\s+1 d 0 h\s+1\s+1 d 0 h/);
    expect(line('Total')).toMatch(/93\.52%\s+1 d 4 h\s+4/);
    // The chart lists the worst first.
    expect(text.indexOf('Lowest uptime')).toBeGreaterThan(-1);
    expect(text.indexOf('Yard')).toBeLessThan(text.indexOf('Front door'));
  });

  it('in French for a French-speaking manager: words, decimal commas, day units', async () => {
    const report = await ask(french.token, { kind: 'uptime', format: 'pdf' });
    expect(report.language).toBe('fr');
    const text = await pdfText((await download(t, report)).body, t.config.dataDir);
    expect(text).toContain('Rapport de disponibilité');
    expect(text).toContain('Disponibilité globale : 93,52 %');
    expect(text).toMatch(/Yard\s+75,00 %\s+1 j 0 h/);
    expect(text).toContain('Fuseau horaire : Europe/Paris');
  });

  it('an alerts PDF: acknowledged and the time to acknowledge (median, 90th percentile)', async () => {
    const text = await pdfText(
      (await download(t, await ask(owner.token, { kind: 'alerts', format: 'pdf' }))).body,
      t.config.dataDir,
    );
    expect(text).toContain('Alerts report');
    // Front door: 7 alerts (5 motion, 2 outages in the period), 4 acknowledged, 3 not; 150 s → 2 min, 222 s → 3 min.
    expect(text).toMatch(/Front door\s+7\s+4\s+3\s+2 min\s+3 min/);
    expect(text).toMatch(/Yard\s+1\s+0\s+1\s+–\s+–/);
    expect(text).toMatch(/Total\s+8\s+4\s+4\s+2 min\s+3 min/);
  });

  it('an events CSV: a column per kind that happened, formula cells neutralised, exact seconds elsewhere', async () => {
    const report = await ask(owner.token, { kind: 'events', format: 'csv' });
    const csv = (await download(t, report)).body.toString('utf8').replace(/^\ufeff/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('scope,camera_id,camera,site_id,site,from,to,motion,camera.offline,recording.gap,total');
    const from = '2025-03-02T23:00:00.000Z,2025-03-09T23:00:00.000Z';
    expect(lines).toContain(`camera,${cams.front},Front door,,,${from},5,2,0,7`);
    // The spreadsheet formula in the camera's name is text, not a formula.
    expect(lines).toContain(`camera,${cams.dock},'${FORMULA},,,${from},2,0,1,3`);
    expect(lines).toContain(`camera,${cams.yard},Yard,,,${from},0,1,0,1`);
    expect(lines.at(-1)).toBe(`total,,,,,${from},7,3,1,11`);
    expect(lines).toHaveLength(5);
  });

  it('an uptime and an alerts CSV carry the raw figures', async () => {
    const uptime = (await download(t, await ask(owner.token, { kind: 'uptime', format: 'csv' }))).body.toString();
    expect(uptime).toContain(
      `camera,${cams.front},Front door,,,2025-03-02T23:00:00.000Z,2025-03-09T23:00:00.000Z,97.619,604800,14400,3,7200`,
    );
    expect(uptime).toContain(
      `camera,${cams.yard},Yard,,,2025-03-02T23:00:00.000Z,2025-03-09T23:00:00.000Z,75,345600,86400,1,86400`,
    );
    const alerts = (await download(t, await ask(owner.token, { kind: 'alerts', format: 'csv' }))).body.toString();
    expect(alerts).toContain(
      `camera,${cams.front},Front door,,,2025-03-02T23:00:00.000Z,2025-03-09T23:00:00.000Z,7,4,3,150,222`,
    );
  });

  it('a done report is never rendered again; it counts in the workspace’s storage until deleted', async () => {
    const report = await ask(owner.token, { kind: 'storage', format: 'pdf', cameraIds: [cams.front] });
    const before = await c.query('select updated_at, bytes, path from reports where id = $1', [report.id]);
    expect(await storedBytes(jobsDb.db, owner.workspace.id)).toBeGreaterThanOrEqual(report.bytes!);
    const usedBefore = await storedBytes(jobsDb.db, owner.workspace.id);
    // The job again (a retry after the file was stored): nothing happens.
    await worker.tasks['report-render']({ id: report.id }, { attempts: 2, maxAttempts: 3 });
    const after = await c.query('select updated_at from reports where id = $1', [report.id]);
    expect(after.rows[0].updated_at).toEqual(before.rows[0].updated_at);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/reports/${report.id}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await storedBytes(jobsDb.db, owner.workspace.id)).toBe(usedBefore - report.bytes!);
    const gone = await t.app.inject({ method: 'GET', url: report.downloadUrl! });
    expect(gone.statusCode).toBe(404);
    const audit = await c.query(`select action from audit_log where target_id = $1 order by seq`, [report.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['report.created', 'report.deleted']);
  });

  it('a failing render is retried, then failed with its reason on the last attempt', async () => {
    // A row without its job, so only this broken storage renders it.
    const { rows } = await c.query<{ id: string }>(
      `insert into reports (workspace_id, kind, format, from_at, to_at, camera_ids, time_zone, language)
       values ($1, 'events', 'csv', $2, $3, $4, 'Europe/Paris', 'en') returning id`,
      [owner.workspace.id, FROM, TO, [cams.front]],
    );
    const id = rows[0]!.id;
    const storage = createLocalStorage(t.config.storageDir, t.config.authSecret);
    const broken = { ...storage, put: async () => Promise.reject(new Error('disk full')) };
    const task = createReportRenderTask({ db: jobsDb.db, storage: broken, log: () => {} });
    await expect(task.run(id, { attempts: 1, maxAttempts: 3 })).rejects.toThrow('disk full');
    expect((await c.query('select status, error from reports where id = $1', [id])).rows[0]).toEqual({
      status: 'queued',
      error: 'disk full',
    });
    await expect(task.run(id, { attempts: 3, maxAttempts: 3 })).rejects.toThrow('disk full');
    const failed = await waitForReport(t, owner.token, id);
    expect(failed).toMatchObject({ status: 'failed', error: 'disk full', downloadUrl: null });
  });
});
