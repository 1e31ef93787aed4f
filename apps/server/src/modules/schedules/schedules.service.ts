import type { Db, DbOrTx } from '@vigil/db';
import type { CreateScheduleInput, Schedule } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { publish } from '../../lib/realtime.ts';
import { audit } from '../audit/audit.module.ts';
import { type ScheduleRow, schedulesRepo as repo } from './schedules.repo.ts';

export type SchedulesService = ReturnType<typeof createSchedulesService>;

export interface Actor {
  workspaceId: string;
}

/** A workspace keeps its schedules few enough to list in one answer. */
export const MAX_SCHEDULES = 100;

function toSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    name: row.name,
    ranges: row.ranges,
    holidays: row.holidays,
    cameraCount: row.cameraCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Days in time order, then starts: what the editor shows back. */
function sortRanges<T extends { day: number; start: string }>(ranges: T[]): T[] {
  return [...ranges].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
}

export function createSchedulesService(deps: { db: Db }) {
  const { db } = deps;

  /** Cameras following a schedule are armed differently now: their pages and recorders hear it. */
  async function camerasChanged(tx: DbOrTx, workspaceId: string, ids: string[]) {
    for (const id of ids) {
      await publish(tx, { topic: 'cameras', workspaceId, id });
      await publish(tx, { topic: 'cameras.changed', workspaceId, id });
    }
    await publish(tx, { topic: 'schedules', workspaceId });
  }

  async function mustGet(tx: DbOrTx, actor: Actor, id: string) {
    const row = await repo.get(tx, actor.workspaceId, id);
    if (!row) throw new AppError('not-found');
    return row;
  }

  return {
    async list(actor: Actor) {
      const [items, timeZone] = await Promise.all([
        repo.list(db, actor.workspaceId),
        repo.timeZone(db, actor.workspaceId),
      ]);
      return { items: items.map(toSchedule), timeZone };
    },

    async get(actor: Actor, id: string): Promise<Schedule> {
      return toSchedule(await mustGet(db, actor, id));
    },

    async create(actor: Actor, input: CreateScheduleInput): Promise<Schedule> {
      return db.transaction(async (tx) => {
        if ((await repo.count(tx, actor.workspaceId)) >= MAX_SCHEDULES)
          throw new AppError('resource-exhausted', `A workspace has at most ${MAX_SCHEDULES} schedules.`);
        const row = await repo.insert(tx, {
          workspaceId: actor.workspaceId,
          name: input.name,
          ranges: sortRanges(input.ranges),
          holidays: input.holidays ?? [],
        });
        await publish(tx, { topic: 'schedules', workspaceId: actor.workspaceId });
        return toSchedule(row);
      });
    },

    async update(actor: Actor, id: string, input: Partial<CreateScheduleInput>): Promise<Schedule> {
      return db.transaction(async (tx) => {
        await mustGet(tx, actor, id);
        const patch = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.ranges !== undefined ? { ranges: sortRanges(input.ranges) } : {}),
          ...(input.holidays !== undefined ? { holidays: input.holidays } : {}),
        };
        if (Object.keys(patch).length) await repo.update(tx, actor.workspaceId, id, patch);
        await camerasChanged(tx, actor.workspaceId, await repo.camerasOf(tx, id));
        return toSchedule(await mustGet(tx, actor, id));
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const cameras = await repo.remove(tx, actor.workspaceId, id);
        if (!cameras) throw new AppError('not-found');
        await camerasChanged(tx, actor.workspaceId, cameras);
      });
    },

    async setTimeZone(actor: Actor, timeZone: string): Promise<{ timeZone: string }> {
      return db.transaction(async (tx) => {
        await repo.setTimeZone(tx, actor.workspaceId, timeZone);
        await camerasChanged(tx, actor.workspaceId, await repo.camerasWithSchedule(tx, actor.workspaceId));
        await audit.record(tx, {
          action: 'settings.time-zone-changed',
          targetType: 'workspace',
          targetId: actor.workspaceId,
          details: { timeZone },
        });
        return { timeZone };
      });
    },
  };
}
