import { type Db, lockOwner, refreshUsage } from '@vigil/db';
import type { ReportKind } from '@vigil/shared';
import type { Storage } from '../../lib/storage.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { buildReportModel } from './report-build.service.ts';
import { renderReportCsv } from './report-csv.ts';
import { type ReportRow, reportsRepo as repo } from './reports.repo.ts';
import { REPORT_CONTENT_TYPES, reportKey } from './reports.service.ts';

/** A scheduled report's mails: tried this often (the deliveries keep "never twice" themselves). */
export const REPORT_MAIL_ATTEMPTS = 6;

/**
 * The `report-render` job of the queue: reads the figures, renders the PDF or CSV and stores it
 * (local disk or S3) under the workspace, where it counts in usage like an export. A failure is
 * thrown so the queue retries with backoff; the last attempt's is written to the report (and a
 * scheduled report's mails are skipped). A report already done is never rendered again. A
 * scheduled one, once done, queues its mails in the same transaction.
 */
export function createReportRenderTask(deps: { db: Db; storage: Storage; log: (m: string) => void }) {
  const { db, storage, log } = deps;

  async function render(row: ReportRow): Promise<Buffer> {
    const workspace = await repo.workspace(db, row.workspaceId);
    const site = row.siteId ? await repo.site(db, row.workspaceId, row.siteId) : undefined;
    const model = await buildReportModel(db, {
      workspaceId: row.workspaceId,
      workspaceName: workspace?.name ?? '',
      siteName: site?.name ?? null,
      kind: row.kind as ReportKind,
      cameraIds: row.cameraIds,
      from: row.fromAt,
      to: row.toAt,
      timeZone: row.timeZone,
      language: row.language,
    });
    await repo.update(db, row.id, { progress: 0.5 });
    if (row.format !== 'pdf') return renderReportCsv(model);
    // PDF code (pdf-lib and its fonts, ~0.5 s to load) comes with the first PDF, not at start.
    const { renderReportPdf } = await import('./report-pdf.ts');
    return Buffer.from(await renderReportPdf(model));
  }

  return {
    async run(id: string, attempt: { attempts: number; maxAttempts: number }): Promise<void> {
      const row = await repo.claim(db, id);
      if (!row) return; // deleted, or done by an earlier attempt
      try {
        const file = await render(row);
        const key = reportKey(row.workspaceId, row.id, row.format);
        await storage.put(key, file, REPORT_CONTENT_TYPES[row.format as 'pdf' | 'csv']);
        await db.transaction(async (tx) => {
          await lockOwner(tx, row.workspaceId);
          await repo.update(tx, row.id, { status: 'done', progress: 1, bytes: file.length, path: key, error: null });
          await refreshUsage(tx, row.workspaceId);
          if (await repo.hasDeliveries(tx, row.id))
            await enqueue(
              tx,
              'report-mail',
              { reportId: row.id },
              { jobKey: `report-mail:${row.id}`, maxAttempts: REPORT_MAIL_ATTEMPTS },
            );
        });
      } catch (e) {
        const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
        log(`report ${row.id} failed: ${message}`);
        if (attempt.attempts >= attempt.maxAttempts) {
          await db
            .transaction(async (tx) => {
              await repo.update(tx, row.id, { status: 'failed', error: message });
              await repo.skipPendingDeliveries(tx, row.id, `The report could not be made: ${message}`);
            })
            .catch(() => {});
        } else {
          // Another attempt follows: the page shows it waiting again, with what went wrong.
          await repo.update(db, row.id, { status: 'queued', progress: 0, error: message }).catch(() => {});
        }
        throw e;
      }
    },
  };
}
