import type { Db, DbOrTx } from '@vigil/db';
import {
  type CreateReportScheduleInput,
  REPORT_MAX_SCHEDULES,
  type ReportFormat,
  type ReportFrequency,
  type ReportKind,
  type ReportRecipient,
  type ReportSchedule,
  type UpdateReportScheduleInput,
  nextScheduledRun,
  scheduledPeriod,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { CameraScope } from '../../lib/camera-scope.ts';
import { audit } from '../audit/audit.module.ts';
import { planGate } from '../billing/billing.module.ts';
import { type RecipientRow, reportSchedulesRepo as repo, type ScheduleView } from './report-schedules.repo.ts';
import { reportsRepo } from './reports.repo.ts';
import type { ReportActor } from './reports.service.ts';

export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;

const invalid = (field: string, problem: string, message: string) =>
  new AppError('invalid-argument', message, { [field]: problem });

/** Whether someone reaching `scope` may see every one of `cameraIds`. */
export const reaches = (scope: CameraScope, cameraIds: readonly string[]) =>
  scope === null || cameraIds.every((id) => scope.includes(id));

/**
 * Report schedules: a weekly or monthly report of one kind, of the whole workspace or
 * one site (the `vms` plan), mailed to members who may see every camera it covers. A member
 * limited to some cameras sees and changes only the schedules whose cameras they all reach; a
 * new schedule's first report is the one of the period running when it is made.
 */
export function createReportSchedulesService(deps: { db: Db }) {
  const { db } = deps;

  async function zoneOf(tx: DbOrTx, workspaceId: string, siteId: string | null): Promise<string> {
    const workspace = await reportsRepo.workspace(tx, workspaceId);
    const site = siteId ? await reportsRepo.site(tx, workspaceId, siteId) : undefined;
    return site?.timezone ?? workspace?.timeZone ?? 'UTC';
  }

  /** The answers for some schedules of one workspace: their recipients read in one query. */
  async function toSchedules(tx: DbOrTx, workspaceId: string, rows: ScheduleView[]): Promise<ReportSchedule[]> {
    const ids = [...new Set(rows.flatMap((r) => r.recipientIds))];
    const members = new Map((ids.length ? await repo.members(tx, workspaceId, ids) : []).map((m) => [m.userId, m]));
    const now = new Date();
    return rows.map((row) => {
      const frequency = row.frequency as ReportFrequency;
      return {
        id: row.id,
        kind: row.kind as ReportKind,
        format: row.format as ReportFormat,
        frequency,
        siteId: row.siteId,
        siteName: row.siteName,
        recipients: row.recipientIds
          .map((id) => members.get(id))
          .filter((m) => m !== undefined)
          .map((m) => ({ id: m.userId, displayName: m.displayName, email: m.email })),
        language: row.language === 'fr' ? 'fr' : 'en',
        nextRunAt: nextScheduledRun(frequency, now, row.timeZone).toISOString(),
        createdBy: row.createdBy ? { id: row.createdBy, displayName: row.creatorName ?? '' } : null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async function one(actor: ReportActor, id: string): Promise<ReportSchedule> {
    const [schedule] = await toSchedules(db, actor.workspaceId, [await visible(db, actor, id)]);
    return schedule!;
  }

  /** The site (plan, existence) and the cameras the schedule would cover, all within the author's reach. */
  async function coverage(tx: DbOrTx, actor: ReportActor, siteId: string | null): Promise<string[]> {
    if (siteId) {
      await planGate.assertFeature(tx, actor.workspaceId, 'vms');
      if (!(await reportsRepo.site(tx, actor.workspaceId, siteId))) throw new AppError('not-found', 'No such site.');
    }
    const cameraIds = await repo.coverage(tx, actor.workspaceId, siteId);
    if (!reaches(actor.cameraIds, cameraIds))
      throw new AppError(
        'permission-denied',
        'This schedule would report on cameras you cannot see: only someone who sees them all can schedule it.',
      );
    return cameraIds;
  }

  /** Every recipient is a working member of this workspace who may see every camera the report covers. */
  async function checkRecipients(tx: DbOrTx, workspaceId: string, ids: readonly string[], cameraIds: string[]) {
    const wanted = [...new Set(ids)];
    const members = new Map((await repo.members(tx, workspaceId, wanted)).map((m) => [m.userId, m]));
    for (const id of wanted) {
      const m = members.get(id);
      if (!m)
        throw invalid(
          'recipientIds',
          `${id} is not a member`,
          'Reports can only be sent to members of this workspace.',
        );
      if (m.disabled) throw invalid('recipientIds', `${id} is disabled`, `${m.displayName}’s account is disabled.`);
      if (!reaches(m.cameraIds, cameraIds))
        throw invalid(
          'recipientIds',
          `${id} cannot see every camera`,
          `${m.displayName} can see only some cameras, and this report covers others.`,
        );
    }
    return wanted;
  }

  async function visible(tx: DbOrTx, actor: ReportActor, id: string): Promise<ScheduleView> {
    const row = await repo.get(tx, actor.workspaceId, actor.cameraIds, id);
    if (!row) throw new AppError('not-found');
    return row;
  }

  return {
    async list(actor: ReportActor): Promise<{ items: ReportSchedule[] }> {
      const rows = await repo.list(db, actor.workspaceId, actor.cameraIds);
      return { items: await toSchedules(db, actor.workspaceId, rows) };
    },

    async create(actor: ReportActor, input: CreateReportScheduleInput): Promise<ReportSchedule> {
      const id = await db.transaction(async (tx) => {
        const siteId = input.siteId ?? null;
        const cameraIds = await coverage(tx, actor, siteId);
        const recipientIds = await checkRecipients(tx, actor.workspaceId, input.recipientIds, cameraIds);
        if ((await repo.count(tx, actor.workspaceId)) >= REPORT_MAX_SCHEDULES)
          throw new AppError(
            'resource-exhausted',
            `A workspace keeps at most ${REPORT_MAX_SCHEDULES} report schedules.`,
          );
        const zone = await zoneOf(tx, actor.workspaceId, siteId);
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          kind: input.kind,
          format: input.format,
          frequency: input.frequency,
          siteId,
          recipientIds,
          language: actor.language,
          createdBy: actor.userId,
          // The period already over when the schedule is made is not sent: the first is the one running now.
          lastPeriodStart: scheduledPeriod(input.frequency, new Date(), zone).from,
        });
        await audit.record(tx, {
          action: 'report-schedule.created',
          targetType: 'report-schedule',
          targetId: row.id,
          details: { kind: input.kind, format: input.format, frequency: input.frequency, siteId, recipientIds },
        });
        return row.id;
      });
      return one(actor, id);
    },

    async update(actor: ReportActor, id: string, patch: UpdateReportScheduleInput): Promise<ReportSchedule> {
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, actor.workspaceId, actor.cameraIds, id);
        if (!row) throw new AppError('not-found');
        const given = Object.entries(patch).filter(([, v]) => v !== undefined);
        if (!given.length) return;
        const siteId = patch.siteId !== undefined ? patch.siteId : row.siteId;
        const frequency = patch.frequency ?? (row.frequency as ReportFrequency);
        const cameraIds = await coverage(tx, actor, siteId);
        // The recipients are checked again: a new site may hold cameras one of them cannot see.
        const recipientIds = await checkRecipients(
          tx,
          actor.workspaceId,
          patch.recipientIds ?? row.recipientIds,
          cameraIds,
        );
        const restart = frequency !== row.frequency || siteId !== row.siteId;
        await repo.update(tx, id, {
          kind: patch.kind ?? row.kind,
          format: patch.format ?? row.format,
          frequency,
          siteId,
          recipientIds,
          language: actor.language,
          ...(restart
            ? {
                lastPeriodStart: scheduledPeriod(frequency, new Date(), await zoneOf(tx, actor.workspaceId, siteId))
                  .from,
              }
            : {}),
        });
        await audit.record(tx, {
          action: 'report-schedule.updated',
          targetType: 'report-schedule',
          targetId: id,
          details: Object.fromEntries(given),
        });
      });
      return one(actor, id);
    },

    async remove(actor: ReportActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repo.lock(tx, actor.workspaceId, actor.cameraIds, id);
        if (!row) throw new AppError('not-found');
        await repo.remove(tx, id);
        await audit.record(tx, {
          action: 'report-schedule.deleted',
          targetType: 'report-schedule',
          targetId: id,
          details: { kind: row.kind, frequency: row.frequency, siteId: row.siteId },
        });
      });
    },

    /** Members who may receive reports (disabled accounts left out), with whether they are limited. */
    async recipients(actor: ReportActor): Promise<{ items: ReportRecipient[] }> {
      const members = await repo.members(db, actor.workspaceId);
      return {
        items: members
          .filter((m) => !m.disabled)
          .map((m: RecipientRow) => ({
            id: m.userId,
            displayName: m.displayName,
            email: m.email,
            role: m.role as ReportRecipient['role'],
            limited: m.cameraIds !== null,
          })),
      };
    },
  };
}
