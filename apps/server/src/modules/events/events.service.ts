import type { Db } from '@vigil/db';
import type {
  AcknowledgeEventsInput,
  AlertCenter,
  EventFilter,
  EventKind,
  EventSeverity,
  EventsQuery,
  VigilEvent,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import { decodeKeyset, encodeKeyset } from '../../lib/list-query.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { publish } from '../../lib/realtime.ts';
import type { Storage } from '../../lib/storage.ts';
import { alertCenter } from './alert-center.repo.ts';
import { type EventCursor, type EventRow, eventsRepo as repo } from './events.repo.ts';

export type EventsService = ReturnType<typeof createEventsService>;

/** The caller: their workspace, the cameras they may reach in it, and who they are. */
export interface Actor extends ScopedActor {
  uid: string;
}

const PAGE = 50;
/** The bell lists this many alerts and counts unread ones up to a cap. */
const ALERT_LIST = 20;
const UNREAD_CAP = 100;
/** Thumbnail links live an hour: a page left open keeps its pictures. */
const THUMB_URL_SECONDS = 3600;

export const encodeCursor = (c: EventCursor): string => encodeKeyset([c.startAt, c.id]);

export function decodeCursor(text: string): EventCursor {
  const [startAt, id] = decodeKeyset(text, ['timestamp', 'uuid']);
  return { startAt: startAt!, id: id! };
}

export function createEventsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  async function toEvent(row: EventRow): Promise<VigilEvent> {
    return {
      id: row.id,
      cameraId: row.cameraId,
      kind: row.kind as EventKind,
      severity: row.severity as EventSeverity,
      startAt: row.startAt.toISOString(),
      endAt: row.endAt?.toISOString() ?? null,
      armed: row.armed,
      zones: row.zones,
      thumbnailUrl: row.thumbnailKey
        ? await storage.signedUrl(row.thumbnailKey, { ttlSeconds: THUMB_URL_SECONDS })
        : null,
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
      acknowledgedBy: row.acknowledgedBy,
      note: row.note,
      detail: row.detail ?? null,
      ...(row.kind === 'motion' || row.kind === 'camera.tamper'
        ? { source: row.detail?.source === 'camera' ? ('camera' as const) : ('vigil' as const) }
        : {}),
    };
  }

  /** A camera filter naming another workspace's camera (or one outside the scope) finds nothing rather than saying it exists. */
  async function checkCamera(actor: Actor, f: EventFilter): Promise<void> {
    if (f.cameraId && !(await repo.cameraExists(db, actor, f.cameraId)))
      throw new AppError('not-found', 'No such camera.');
  }

  return {
    async list(actor: Actor, q: EventsQuery) {
      const { limit, startAfter, ...filter } = q;
      await checkCamera(actor, filter);
      const after = startAfter ? decodeCursor(startAfter) : undefined;
      const page = await repo.list(db, actor, filter, limit ?? PAGE, after);
      return {
        items: await Promise.all(page.rows.map(toEvent)),
        nextCursor: page.next ? encodeCursor(page.next) : null,
      };
    },

    async get(actor: Actor, id: string): Promise<VigilEvent> {
      const row = await repo.get(db, actor, id);
      if (!row) throw new AppError('not-found');
      return toEvent(row);
    },

    async acknowledge(actor: Actor, input: AcknowledgeEventsInput): Promise<{ acknowledged: number }> {
      if ('filter' in input) await checkCamera(actor, input.filter);
      return db.transaction(async (tx) => {
        const n =
          'ids' in input
            ? await repo.acknowledgeIds(tx, actor, input.ids, actor.uid)
            : await repo.acknowledgeMatching(tx, actor, input.filter, actor.uid);
        if (n) await publish(tx, { topic: 'events', workspaceId: actor.workspaceId });
        return { acknowledged: n };
      });
    },

    async setNote(actor: Actor, id: string, note: string | null | undefined): Promise<VigilEvent> {
      if (note === undefined) return this.get(actor, id);
      return db.transaction(async (tx) => {
        const row = await repo.setNote(tx, actor, id, note || null);
        if (!row) throw new AppError('not-found');
        await publish(tx, { topic: 'events', workspaceId: actor.workspaceId, id, cameraId: row.cameraId });
        return toEvent(row);
      });
    },

    /** The bell: the latest alerts of the workspace and how many this person has not read. */
    async alerts(actor: Actor): Promise<AlertCenter> {
      const { rows, unread } = await alertCenter(db, actor, ALERT_LIST, UNREAD_CAP);
      const items = await Promise.all(
        rows.map(async (r) => ({ ...(await toEvent(r.e)), read: Boolean(r.read), cameraName: r.cameraName })),
      );
      return { unread, items };
    },

    async markRead(actor: Actor, input: { ids: string[] } | { all: true }): Promise<void> {
      await db.transaction(async (tx) => {
        if ('all' in input) await repo.markAllRead(tx, actor.uid, actor.workspaceId);
        else await repo.markRead(tx, actor.uid, actor, input.ids);
        // Their other tabs update their bell (the others' bells just re-read theirs).
        await publish(tx, { topic: 'events', workspaceId: actor.workspaceId, uid: actor.uid });
      });
    },
  };
}
