import type { Db } from '@vigil/db';
import { type ReportKind, scheduledPeriod } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { planGate } from '../billing/billing.module.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { MailDeliveryError, type MailService } from '../mail/mail.module.ts';
import { reportDeliveriesRepo as deliveries } from './report-deliveries.repo.ts';
import { reportMail } from './report-mail.ts';
import { reportSchedulesRepo as schedules } from './report-schedules.repo.ts';
import { reaches } from './report-schedules.service.ts';
import { reportFileName } from './report-text.ts';
import { reportsRepo } from './reports.repo.ts';
import { NO_CAMERAS, REPORT_ATTEMPTS } from './reports.service.ts';

/** Past this size the mail names the file and links to the reports page instead of carrying it. */
export const ATTACH_MAX_BYTES = 5 * 1024 * 1024;

export const SCHEDULE_GONE = 'The schedule was deleted before this could be sent.';
export const NOT_A_MEMBER = 'The recipient is no longer a member of the workspace.';
export const ACCOUNT_DISABLED = 'The recipient’s account is disabled.';
export const OUT_OF_SCOPE = 'The recipient can no longer see every camera of the report.';
export const INTERRUPTED =
  'The worker stopped during the send, so whether it arrived is unknown; not resent, so it can never arrive twice.';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/**
 * The schedules' side of the work role. `report-schedules` (hourly, cron): for each schedule
 * whose last whole period (week or month in the site's or workspace's zone) has not been made,
 * claims the period on the schedule row, makes the report row with one delivery per recipient and
 * queues its rendering, all in one transaction, so a period is made once whatever runs the job
 * (the unique index on schedule and period start backs the claim). `report-mail` (queued when the
 * report is done): mails each recipient once, the file attached.
 */
export function createReportScheduleTasks(deps: {
  db: Db;
  storage: Storage;
  mail: MailService;
  publicUrl: string;
  log: (m: string) => void;
}) {
  const { db, storage, mail } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');

  async function makeDue(now: Date): Promise<number> {
    let made = 0;
    for (const s of await schedules.all(db)) {
      const period = scheduledPeriod(s.frequency as 'weekly' | 'monthly', now, s.timeZone);
      if (s.lastPeriodStart && s.lastPeriodStart.getTime() > period.from.getTime() - 36 * 3_600_000) continue;
      const created = await db.transaction(async (tx) => {
        if (!(await schedules.claimPeriod(tx, s.id, period.from))) return false;
        let error: string | null = null;
        // A site's schedule made before the plan lost `vms`: its report says why it is missing.
        if (s.siteId)
          await planGate.assertFeature(tx, s.workspaceId, 'vms').catch((e: unknown) => {
            if (!(e instanceof AppError)) throw e;
            error = e.message;
          });
        const cameraIds = await schedules.coverage(tx, s.workspaceId, s.siteId);
        if (!error && cameraIds.length === 0) error = NO_CAMERAS;
        const report = await reportsRepo.insert(tx, {
          workspaceId: s.workspaceId,
          kind: s.kind,
          format: s.format,
          fromAt: period.from,
          toAt: period.to,
          siteId: s.siteId,
          cameraIds,
          timeZone: s.timeZone,
          language: s.language,
          requestedBy: s.createdBy,
          scheduleId: s.id,
          ...(error ? { status: 'failed', error } : {}),
        });
        if (!report || error) return !!report;
        await schedules.addDeliveries(tx, report.id, s.recipientIds);
        await enqueue(
          tx,
          'report-render',
          { id: report.id },
          { jobKey: `report:${report.id}`, maxAttempts: REPORT_ATTEMPTS },
        );
        return true;
      });
      if (created) made++;
    }
    return made;
  }

  async function sendMails(reportId: string, attempt: { attempts: number; maxAttempts: number }): Promise<void> {
    const report = await reportsRepo.byId(db, reportId);
    if (report?.status !== 'done' || !report.path) return;
    await deliveries.interruptStale(db, reportId, INTERRUPTED);
    const due = (await deliveries.ofReport(db, reportId)).filter(
      (d) => d.status === 'pending' || d.status === 'retrying',
    );
    if (!due.length) return;
    const workspace = await reportsRepo.workspace(db, report.workspaceId);
    const site = report.siteId ? await reportsRepo.site(db, report.workspaceId, report.siteId) : undefined;
    const members = new Map(
      (
        await schedules.members(
          db,
          report.workspaceId,
          due.map((d) => d.userId),
        )
      ).map((m) => [m.userId, m]),
    );
    const fileName = reportFileName(report);
    const attached = (report.bytes ?? 0) <= ATTACH_MAX_BYTES;
    const file = attached ? await readAll((await storage.read(report.path)).stream) : null;
    const contentType = report.format === 'pdf' ? 'application/pdf' : 'text/csv';
    let retry = false;
    for (const d of due) {
      if (!(await deliveries.claim(db, d.id))) continue;
      const m = members.get(d.userId);
      const skip =
        report.scheduleId === null
          ? SCHEDULE_GONE
          : !m
            ? NOT_A_MEMBER
            : m.disabled
              ? ACCOUNT_DISABLED
              : !reaches(m.cameraIds, report.cameraIds)
                ? OUT_OF_SCOPE
                : null;
      if (skip || !m) {
        await deliveries.finish(db, d.id, 'skipped', skip);
        continue;
      }
      try {
        const receipt = await mail.deliver({
          ...reportMail({
            to: m.email,
            displayName: m.displayName,
            language: m.language,
            kind: report.kind as ReportKind,
            workspaceName: workspace?.name ?? '',
            siteName: site?.name ?? null,
            from: report.fromAt,
            to_: report.toAt,
            timeZone: report.timeZone,
            fileName,
            attached,
            link: `${base}/${report.siteId ? 'vms' : 'manager'}/reports`,
          }),
          ...(file ? { attachments: [{ filename: fileName, content: file, contentType }] } : {}),
        });
        // Without SMTP the mail is only kept in the outbox: the log says so, not "sent".
        await deliveries.finish(db, d.id, receipt.transport === 'outbox' ? 'outbox' : 'sent');
      } catch (e) {
        const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
        const final = (e instanceof MailDeliveryError && e.permanent) || attempt.attempts >= attempt.maxAttempts;
        await deliveries.finish(db, d.id, final ? 'failed' : 'retrying', message);
        if (!final) retry = true;
        deps.log(`report ${reportId}: mail to ${m.email} failed: ${message}`);
      }
    }
    // The queue's backoff brings the next attempt; only the rows left `retrying` go then.
    if (retry) throw new Error('Some report mails could not be sent yet; they will be tried again.');
  }

  return {
    makeDue,
    tasks: {
      'report-schedules': async () => {
        const n = await makeDue(new Date());
        if (n) deps.log(`[reports] ${n} scheduled report(s) made`);
      },
      'report-mail': (p: { reportId: string }, job: { attempts: number; maxAttempts: number }) =>
        sendMails(p.reportId, job),
    },
  };
}
