import { createDb } from '@vigil/db';
import type { AuthResult, ReportSchedule } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, grantPlan, joinWorkspace, connectPg } from '../../../test/helpers.ts';
import { parseMail } from '../../../test/mime.ts';
import { addCamera, addEvent, addSite, pdfText, startReportWorker } from '../../../test/reports-world.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { createMailService } from '../mail/mail.service.ts';
import { createReportRenderTask } from './report-render.service.ts';
import { INTERRUPTED, NOT_A_MEMBER, createReportScheduleTasks } from './report-schedule-job.service.ts';

const WEEK = 7 * 86_400_000;

/**
 * Report schedules: recipients must be members who see every camera the report covers; the
 * hourly job makes each period's report once (run again, in another zone, by another worker:
 * nothing more), the queue renders it and mails each recipient exactly once with the PDF attached.
 */
describe('report schedules: validated recipients, one report and one mail per period', () => {
  let t: TestApp;
  let owner: AuthResult;
  let manager: AuthResult;
  let limited: AuthResult;
  let leaver: AuthResult;
  let stranger: AuthResult;
  let c: pg.Client;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let refuse = false;
  let jobsDb: ReturnType<typeof createDb>;
  let schedulesJob: ReturnType<typeof createReportScheduleTasks>;
  const ids = { a: '', b: '', site: '', foreignSite: '' };

  const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });
  const create = (token: string, body: Record<string, unknown>) =>
    api(token, 'POST', '/api/v1/report-schedules', { kind: 'events', format: 'pdf', frequency: 'weekly', ...body });

  beforeAll(async () => {
    t = await createTestApp();
    sink = await startSmtpSink({ rcptReply: () => (refuse ? '451 4.3.0 Try again later' : undefined) });
    owner = await signUp(t.app, { displayName: 'Olive Owner' });
    manager = await signUp(t.app, { displayName: 'Max Manager' });
    limited = await signUp(t.app, { displayName: 'Lia Limited' });
    leaver = await signUp(t.app, { displayName: 'Leo Leaving' });
    stranger = await signUp(t.app, { displayName: 'Stranger' });
    c = await connectPg(t.databaseUrl);
    const ws = owner.workspace.id;
    ids.site = await addSite(c, ws, 'Depot');
    ids.foreignSite = await addSite(c, stranger.workspace.id, 'Theirs');
    ids.a = await addCamera(c, ws, 'Gate', '2025-01-01T00:00:00Z', ids.site);
    ids.b = await addCamera(c, ws, 'Office', '2025-01-01T00:00:00Z');
    await joinWorkspace(t.databaseUrl, manager.user.uid, ws, 'manager');
    await joinWorkspace(t.databaseUrl, limited.user.uid, ws, 'viewer', [ids.a]);
    await joinWorkspace(t.databaseUrl, leaver.user.uid, ws, 'operator');
    jobsDb = createDb(t.databaseUrl, 2);
    schedulesJob = createReportScheduleTasks({
      db: jobsDb.db,
      storage: createLocalStorage(t.config.storageDir, t.config.authSecret),
      mail: createMailService({ db: jobsDb.db, smtpUrl: sink.url, from: 'vigil@example.com' }),
      publicUrl: t.config.publicUrl,
      log: () => {},
    });
  });
  afterAll(async () => {
    await jobsDb?.pool.end();
    await c?.end();
    await sink?.close();
    await t?.close();
  });

  it('recipients are members who see every camera; bad ones are refused and nothing is written', async () => {
    const before = await countRows(t.databaseUrl, ['report_schedules', 'audit_log']);
    const cases: [Record<string, unknown>, number, string, RegExp?][] = [
      [
        { recipientIds: ['00000000-0000-4000-8000-000000000000'] },
        400,
        'invalid-argument',
        /members of this workspace/,
      ],
      [{ recipientIds: [stranger.user.uid] }, 400, 'invalid-argument', /members of this workspace/],
      // Limited to the gate camera: a report of every camera is not for them.
      [{ recipientIds: [limited.user.uid] }, 400, 'invalid-argument', /Lia Limited can see only some cameras/],
      [{ recipientIds: [] }, 400, 'invalid-argument'],
      [{ recipientIds: [owner.user.uid], frequency: 'daily' }, 400, 'invalid-argument'],
      [{ recipientIds: [owner.user.uid], siteId: ids.site }, 400, 'failed-precondition', /plan/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await create(owner.token, body);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(body)).toEqual([status, code]);
      if (message) expect(errorOf(res).message).toMatch(message);
    }
    expect(await countRows(t.databaseUrl, ['report_schedules', 'audit_log'])).toEqual(before);
  });

  it('a site’s schedule: the vms plan, a member limited to that site may receive it; CRUD stays in the workspace', async () => {
    await grantPlan(t.databaseUrl, owner.workspace.id, 'vms');
    expect(errorOf(await create(owner.token, { recipientIds: [owner.user.uid], siteId: ids.foreignSite })).code).toBe(
      'not-found',
    );
    const res = await create(owner.token, {
      recipientIds: [limited.user.uid, owner.user.uid],
      siteId: ids.site,
      frequency: 'monthly',
    });
    expect(res.statusCode, res.body).toBe(201);
    const schedule = res.json() as ReportSchedule;
    expect(schedule).toMatchObject({ siteName: 'Depot', frequency: 'monthly', language: 'en' });
    expect(schedule.recipients.map((r) => r.displayName).sort()).toEqual(['Lia Limited', 'Olive Owner']);
    expect(Date.parse(schedule.nextRunAt)).toBeGreaterThan(Date.now());
    // Moving it to every camera would send the limited member cameras they cannot see.
    const widen = await api(owner.token, 'PATCH', `/api/v1/report-schedules/${schedule.id}`, { siteId: null });
    expect([widen.statusCode, errorOf(widen).code]).toEqual([400, 'invalid-argument']);
    const other = await api(stranger.token, 'PATCH', `/api/v1/report-schedules/${schedule.id}`, { kind: 'uptime' });
    expect(other.statusCode).toBe(404);
    expect((await api(stranger.token, 'DELETE', `/api/v1/report-schedules/${schedule.id}`)).statusCode).toBe(404);
    const patched = await api(owner.token, 'PATCH', `/api/v1/report-schedules/${schedule.id}`, { kind: 'uptime' });
    expect(patched.json()).toMatchObject({ kind: 'uptime', siteId: ids.site });
    expect((await api(owner.token, 'DELETE', `/api/v1/report-schedules/${schedule.id}`)).statusCode).toBe(204);
    const audit = await c.query('select action from audit_log where target_id = $1 order by seq', [schedule.id]);
    expect(audit.rows.map((r) => r.action)).toEqual([
      'report-schedule.created',
      'report-schedule.updated',
      'report-schedule.deleted',
    ]);
  });

  it('each period makes one report, mailed once to each recipient with the PDF attached', async () => {
    await addEvent(c, {
      workspaceId: owner.workspace.id,
      cameraId: ids.b,
      kind: 'motion',
      start: new Date().toISOString(),
    });
    const res = await create(owner.token, { recipientIds: [owner.user.uid, manager.user.uid, leaver.user.uid] });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    // Made now: the week already over is not sent; nothing is due before the running week ends.
    expect(await schedulesJob.makeDue(new Date())).toBe(0);
    // The leaver is gone by the time the report goes.
    await c.query('delete from memberships where user_id = $1 and workspace_id = $2', [
      leaver.user.uid,
      owner.workspace.id,
    ]);
    const worker = await startReportWorker(t, { smtpUrl: sink.url });
    try {
      const later = new Date(Date.now() + WEEK);
      expect(await schedulesJob.makeDue(later)).toBe(1);
      // Again, an hour later, and after the workspace moved to a zone 14 hours ahead: nothing more.
      expect(await schedulesJob.makeDue(later)).toBe(0);
      expect(await schedulesJob.makeDue(new Date(later.getTime() + 3_600_000))).toBe(0);
      await c.query(`update workspaces set time_zone = 'Pacific/Kiritimati' where id = $1`, [owner.workspace.id]);
      expect(await schedulesJob.makeDue(later)).toBe(0);
      const deadline = Date.now() + 20_000;
      while (sink.mails.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const { rows: reports } = await c.query('select id, status from reports where schedule_id = $1', [id]);
      expect(reports).toHaveLength(1);
      const reportId = reports[0].id as string;
      // The mail job once more (a retry): nothing is sent twice.
      await schedulesJob.tasks['report-mail']({ reportId }, { attempts: 2, maxAttempts: 6 });
      expect(sink.mails.map((m) => m.to[0]).sort()).toEqual([manager.user.email, owner.user.email].sort());
      const mail = parseMail(sink.mails.find((m) => m.to[0] === owner.user.email)!.data);
      expect(mail.subject).toMatch(/^Events report · Olive Owner.s workspace · /);
      expect(mail.text).toContain('is attached');
      expect(mail.text).toContain(`${t.config.publicUrl}/manager/reports`);
      const [file] = mail.attachments;
      expect(file?.filename).toMatch(/^vigil-events-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(file?.contentType).toBe('application/pdf');
      expect(await pdfText(file!.content, t.config.dataDir)).toMatch(/Office\s+1\s+1/);
      const { rows: deliveries } = await c.query(
        'select user_id, status, error from report_deliveries where report_id = $1 order by status',
        [reportId],
      );
      expect(deliveries).toEqual(
        expect.arrayContaining([
          { user_id: owner.user.uid, status: 'sent', error: null },
          { user_id: manager.user.uid, status: 'sent', error: null },
          { user_id: leaver.user.uid, status: 'skipped', error: NOT_A_MEMBER },
        ]),
      );
    } finally {
      await worker.close();
    }
  });

  it('a refused send is retried by the job; one found mid-send is never sent again', async () => {
    const res = await create(owner.token, { recipientIds: [owner.user.uid, manager.user.uid], format: 'csv' });
    const id = res.json().id as string;
    // As if made a week ago: the week just over is due now.
    await c.query('update report_schedules set last_period_start = null where id = $1', [id]);
    expect(await schedulesJob.makeDue(new Date())).toBe(1);
    const reportId = (await c.query('select id from reports where schedule_id = $1', [id])).rows[0].id as string;
    // Rendered here rather than by a worker, so the mail job below is the only one that sends.
    const storage = createLocalStorage(t.config.storageDir, t.config.authSecret);
    await createReportRenderTask({ db: jobsDb.db, storage, log: () => {} }).run(reportId, {
      attempts: 1,
      maxAttempts: 3,
    });
    // The manager's row was being sent when its worker died.
    await c.query(`update report_deliveries set status = 'sending' where report_id = $1 and user_id = $2`, [
      reportId,
      manager.user.uid,
    ]);
    const status = async (uid: string) =>
      (
        await c.query('select status, error from report_deliveries where report_id = $1 and user_id = $2', [
          reportId,
          uid,
        ])
      ).rows[0];
    const before = sink.mails.length;
    refuse = true;
    await expect(schedulesJob.tasks['report-mail']({ reportId }, { attempts: 1, maxAttempts: 6 })).rejects.toThrow(
      /tried again/,
    );
    expect((await status(owner.user.uid)).status).toBe('retrying');
    refuse = false;
    await schedulesJob.tasks['report-mail']({ reportId }, { attempts: 2, maxAttempts: 6 });
    await schedulesJob.tasks['report-mail']({ reportId }, { attempts: 3, maxAttempts: 6 });
    expect(sink.mails.slice(before).map((m) => m.to[0])).toEqual([owner.user.email]);
    expect((await status(owner.user.uid)).status).toBe('sent');
    expect(await status(manager.user.uid)).toEqual({ status: 'interrupted', error: INTERRUPTED });
    // The render job queued the mail job with the report: one, under its key.
    const jobs = await c.query('select count(*)::int as n from graphile_worker._private_jobs where key = $1', [
      `report-mail:${reportId}`,
    ]);
    expect(jobs.rows[0].n).toBe(1);
  });

  it('without SMTP the delivery log says the mail was kept in the outbox, not sent', async () => {
    const outboxOnly = createReportScheduleTasks({
      db: jobsDb.db,
      storage: createLocalStorage(t.config.storageDir, t.config.authSecret),
      mail: createMailService({ db: jobsDb.db, from: 'vigil@example.com' }),
      publicUrl: t.config.publicUrl,
      log: () => {},
    });
    const res = await create(owner.token, { recipientIds: [owner.user.uid], format: 'csv' });
    const id = res.json().id as string;
    await c.query('update report_schedules set last_period_start = null where id = $1', [id]);
    expect(await outboxOnly.makeDue(new Date())).toBeGreaterThanOrEqual(1);
    const reportId = (await c.query('select id from reports where schedule_id = $1', [id])).rows[0].id as string;
    await createReportRenderTask({
      db: jobsDb.db,
      storage: createLocalStorage(t.config.storageDir, t.config.authSecret),
      log: () => {},
    }).run(reportId, { attempts: 1, maxAttempts: 3 });
    const before = sink.mails.length;
    await outboxOnly.tasks['report-mail']({ reportId }, { attempts: 1, maxAttempts: 6 });
    expect(sink.mails.length).toBe(before);
    const { rows } = await c.query(
      'select status, sent_at is not null as at from report_deliveries where report_id = $1',
      [reportId],
    );
    expect(rows).toEqual([{ status: 'outbox', at: true }]);
    const kept = await c.query(`select transport from mail_outbox where "to" = $1 order by created_at desc limit 1`, [
      owner.user.email,
    ]);
    expect(kept.rows[0]?.transport).toBe('outbox');
  });
});
