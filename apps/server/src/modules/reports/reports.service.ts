import { type Db, type DbOrTx, lockOwner, refreshUsage } from '@vigil/db';
import {
  type CreateReportInput,
  REPORT_MAX_DAYS,
  type Report,
  type ReportFormat,
  type ReportKind,
  type ReportStatus,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import type { Storage } from '../../lib/storage.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { reportFileName } from './report-text.ts';
import { type ReportView, reportsRepo as repo } from './reports.repo.ts';

export type ReportsService = ReturnType<typeof createReportsService>;

export interface ReportActor extends ScopedActor {
  userId: string;
  /** The requester's language: the report's dates, numbers and words. */
  language: 'en' | 'fr';
}

/** A download link is meant to be followed now, not shared. */
export const REPORT_URL_SECONDS = 300;
/** A report that keeps failing (storage unreachable) is tried this often, with the queue's backoff. */
export const REPORT_ATTEMPTS = 3;
export const NO_CAMERAS = 'There is no camera to report on.';

export const reportKey = (workspaceId: string, id: string, format: string) =>
  `workspaces/${workspaceId}/reports/${id}.${format}`;
export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

const invalid = (field: string, problem: string, message: string) =>
  new AppError('invalid-argument', message, { [field]: problem });

/** The report's period, checked: a start before its end, at most a year long, already begun. */
function period(input: { from: string; to: string }, now: Date): { from: Date; to: Date } {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (from.getTime() >= to.getTime())
    throw invalid('from', 'must be before to', 'The period must start before it ends.');
  if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * 86_400_000)
    throw new AppError('out-of-range', `A report covers at most ${REPORT_MAX_DAYS} days.`);
  if (from.getTime() > now.getTime()) throw invalid('from', 'is in the future', 'The period has not started yet.');
  return { from, to };
}

/** The cameras a new report covers: the caller's, of the site if one is named, among the ids if given. */
export async function resolveCameras(
  db: DbOrTx,
  actor: ScopedActor,
  o: { siteId?: string | null; cameraIds?: readonly string[] },
): Promise<string[]> {
  if (o.cameraIds) {
    const wanted = [...new Set(o.cameraIds)];
    const found = await repo.cameraIds(db, actor.workspaceId, actor.cameraIds, { ids: wanted });
    if (found.length !== wanted.length) throw new AppError('not-found', 'No such camera.');
    if (o.siteId && found.some((c) => c.siteId !== o.siteId))
      throw invalid('cameraIds', 'not all of the site', 'Some of these cameras are not in that site.');
    return found.map((c) => c.id);
  }
  const found = await repo.cameraIds(db, actor.workspaceId, actor.cameraIds, { siteId: o.siteId });
  // A member limited to cameras who reaches none of a site's is told it does not exist, like another tenant's.
  if (o.siteId && actor.cameraIds !== null && found.length === 0) throw new AppError('not-found', 'No such site.');
  return found.map((c) => c.id);
}

export function createReportsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  async function toReport(row: ReportView): Promise<Report> {
    const fileName = reportFileName(row);
    const done = row.status === 'done' && row.path;
    return {
      id: row.id,
      kind: row.kind as ReportKind,
      format: row.format as ReportFormat,
      from: row.fromAt.toISOString(),
      to: row.toAt.toISOString(),
      siteId: row.siteId,
      siteName: row.siteName,
      cameraCount: row.cameraIds.length,
      timeZone: row.timeZone,
      language: row.language === 'fr' ? 'fr' : 'en',
      status: row.status as ReportStatus,
      progress: row.progress,
      bytes: row.bytes,
      downloadUrl: done
        ? await storage.signedUrl(row.path!, { ttlSeconds: REPORT_URL_SECONDS, filename: fileName })
        : null,
      fileName,
      error: row.error,
      scheduleId: row.scheduleId,
      requestedBy: row.requestedBy ? { id: row.requestedBy, displayName: row.requesterName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function visible(actor: ReportActor, id: string): Promise<ReportView> {
    const row = await repo.get(db, actor.workspaceId, actor.cameraIds, id);
    if (!row) throw new AppError('not-found');
    return row;
  }

  return {
    async create(actor: ReportActor, input: CreateReportInput): Promise<{ id: string; status: ReportStatus }> {
      const { from, to } = period(input, new Date());
      const workspace = await repo.workspace(db, actor.workspaceId);
      if (!workspace) throw new AppError('not-found');
      let timeZone = workspace.timeZone;
      if (input.siteId) {
        // Per-site reports are the multi-site VMS area's.
        await planGate.assertFeature(db, actor.workspaceId, 'vms');
        const site = await repo.site(db, actor.workspaceId, input.siteId);
        if (!site) throw new AppError('not-found', 'No such site.');
        timeZone = site.timezone ?? timeZone;
      }
      const cameraIds = await resolveCameras(db, actor, { siteId: input.siteId, cameraIds: input.cameraIds });
      if (cameraIds.length === 0) throw new AppError('failed-precondition', NO_CAMERAS);
      const row = await db.transaction(async (tx) => {
        const created = (await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          kind: input.kind,
          format: input.format,
          fromAt: from,
          toAt: to,
          siteId: input.siteId ?? null,
          cameraIds,
          timeZone,
          language: actor.language,
          requestedBy: actor.userId,
        }))!;
        // The job commits with its row: no report without its job, no job without its report.
        await enqueue(
          tx,
          'report-render',
          { id: created.id },
          { jobKey: `report:${created.id}`, maxAttempts: REPORT_ATTEMPTS },
        );
        await audit.record(tx, {
          action: 'report.created',
          targetType: 'report',
          targetId: created.id,
          details: {
            kind: input.kind,
            format: input.format,
            from: from.toISOString(),
            to: to.toISOString(),
            siteId: input.siteId ?? null,
            cameras: cameraIds.length,
          },
        });
        return created;
      });
      return { id: row.id, status: 'queued' };
    },

    async list(actor: ReportActor): Promise<{ items: Report[]; timeZone: string }> {
      const rows = await repo.list(db, actor.workspaceId, actor.cameraIds, 200);
      const workspace = await repo.workspace(db, actor.workspaceId);
      return { items: await Promise.all(rows.map(toReport)), timeZone: workspace?.timeZone ?? 'UTC' };
    },

    async get(actor: ReportActor, id: string): Promise<Report> {
      return toReport(await visible(actor, id));
    },

    /** A fresh link to the file (the web's Download goes through here, so a listed link never goes stale). */
    async download(actor: ReportActor, id: string): Promise<string> {
      const report = await toReport(await visible(actor, id));
      if (!report.downloadUrl) throw new AppError('failed-precondition', 'This report is not ready to download.');
      return report.downloadUrl;
    },

    async remove(actor: ReportActor, id: string): Promise<void> {
      const row = await visible(actor, id);
      await db.transaction(async (tx) => {
        await lockOwner(tx, actor.workspaceId);
        await repo.remove(tx, actor.workspaceId, id);
        await refreshUsage(tx, actor.workspaceId);
        await audit.record(tx, {
          action: 'report.deleted',
          targetType: 'report',
          targetId: id,
          details: { kind: row.kind, from: row.fromAt.toISOString(), to: row.toAt.toISOString() },
        });
        // The file goes inside the row's transaction: if storage refuses, the row stays and the delete can be retried.
        if (row.path) await storage.delete(row.path);
      });
    },
  };
}
