import type { Db, DbOrTx } from '@vigil/db';
import {
  CAMERA_IMPORT_MAX_LINES,
  type CameraImport,
  type CameraImportInput,
  type CameraImportLine,
  type DiscoverInput,
  type DiscoveryResult,
  checkImportCsv,
  checkImportRow,
  discoverInputSchema,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor as CameraActor } from '../../lib/camera-scope.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { csvLine } from '../../lib/csv.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { enqueue } from '../jobs/jobs.module.ts';
import { toCameraImport } from './camera-import-view.ts';
import { type LineResultRow, type PendingLine, cameraImportRepo as repo } from './camera-import.repo.ts';
import type { DiscoveryService } from './discovery.service.ts';

export type CameraImportService = ReturnType<typeof createCameraImportService>;

/** The caller: their workspace and camera scope, and who they are (the import remembers its author). */
export type ScopedActor = CameraActor & { uid: string };

/**
 * Adding cameras to a site in bulk (the `vms` plan): a CSV (or the page's rows of found
 * devices) is checked line by line at once — refused lines get their result in the answer — and
 * the rest are probed and created by the `camera-import` job (camera-import-job.service.ts),
 * always a job: one unreachable camera costs an 8 s probe, so even 20 lines could hold a request
 * for minutes. ONVIF discovery answers in the request (a few seconds of listening).
 */
export function createCameraImportService(deps: { db: Db; secrets: SecretBox; discovery: DiscoveryService }) {
  const { db, secrets, discovery } = deps;

  /** Who may grow the workspace's cameras (as the cameras service decides), on the `vms` plan, in one of its sites. */
  async function assertSite(tx: DbOrTx, actor: ScopedActor, siteId: string) {
    if (actor.cameraIds !== null)
      throw new AppError('permission-denied', 'Your access is limited to some cameras: you cannot add cameras.');
    await planGate.assertFeature(tx, actor.workspaceId, 'vms');
    const site = await repo.site(tx, actor.workspaceId, siteId);
    if (!site) throw new AppError('not-found', 'No such site.');
    return site;
  }

  return {
    async start(actor: ScopedActor, siteId: string, input: CameraImportInput): Promise<CameraImport> {
      await assertSite(db, actor, siteId);
      const lines: CameraImportLine[] =
        input.csv !== undefined
          ? checkImportCsv(input.csv)
          : (input.rows ?? []).map((r, i) => checkImportRow(i + 1, r));
      if (lines.length === 0)
        throw new AppError('invalid-argument', 'There is no camera line to import.', {
          [input.csv !== undefined ? 'csv' : 'rows']: 'no camera lines',
        });
      if (lines.length > CAMERA_IMPORT_MAX_LINES)
        throw new AppError(
          'invalid-argument',
          `At most ${CAMERA_IMPORT_MAX_LINES} cameras per import: this one has ${lines.length} lines. Split it into several imports.`,
          { csv: `more than ${CAMERA_IMPORT_MAX_LINES} lines` },
        );
      const pending: PendingLine[] = [];
      const refused: LineResultRow[] = [];
      for (const l of lines) {
        if (!l.row) {
          refused.push({ line: l.line, name: l.name, ok: false, cameraId: null, error: l.error ?? 'Not valid' });
          continue;
        }
        pending.push({
          line: l.line,
          name: l.row.name,
          url: l.row.url,
          username: l.row.username,
          passwordEnc: l.row.password ? secrets.seal(l.row.password) : null,
          recordingMode: l.row.recordingMode,
        });
      }
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          siteId,
          createdBy: actor.uid,
          status: pending.length ? 'queued' : 'done',
          total: lines.length,
          pending,
          results: refused,
          finishedAt: pending.length ? null : new Date(),
        });
        if (pending.length) await enqueue(tx, 'camera-import', { id: row.id }, { maxAttempts: 3 });
        await audit.record(tx, {
          action: 'camera.import-started',
          targetType: 'site',
          targetId: siteId,
          details: { importId: row.id, lines: lines.length, refused: refused.length },
        });
        return toCameraImport(row);
      });
    },

    async get(actor: ScopedActor, id: string): Promise<CameraImport> {
      await planGate.assertFeature(db, actor.workspaceId, 'vms');
      const row = await repo.get(db, actor.workspaceId, id);
      if (!row) throw new AppError('not-found');
      return toCameraImport(row);
    },

    /** The line-by-line report as CSV; a cell a spreadsheet would run as a formula is neutralised. */
    async resultsCsv(actor: ScopedActor, id: string): Promise<string> {
      const view = await this.get(actor, id);
      return (
        csvLine(['line', 'name', 'ok', 'camera id', 'error']) +
        view.results
          .map((r) => csvLine([r.line, r.name, r.ok ? 'yes' : 'no', r.cameraId ?? '', r.error ?? '']))
          .join('')
      );
    },

    async discover(actor: ScopedActor, siteId: string, input: DiscoverInput): Promise<DiscoveryResult> {
      await assertSite(db, actor, siteId);
      const parsed = discoverInputSchema.parse(input);
      const result = await discovery.scan(parsed);
      await audit.record(db, {
        action: 'camera.discovery-run',
        targetType: 'site',
        targetId: siteId,
        details: {
          targets: parsed.targets ?? [],
          found: result.devices.length,
          skipped: result.skipped.length,
          signed: Boolean(parsed.username),
        },
      });
      return result;
    },
  };
}
