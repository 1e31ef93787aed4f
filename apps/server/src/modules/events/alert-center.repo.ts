import { type Db, schema } from '@vigil/db';
import { type SQL, and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CameraScope } from '../../lib/camera-scope.ts';
import { type CompiledSelect, compileSelect } from '../../lib/compiled-select.ts';
import { NEWEST_FIRST } from './events-order.ts';

const { events, cameras, alertReadMarks, alertReads } = schema;

const uid = sql.placeholder('userId');
const ws = sql.placeholder('workspaceId');
/** The person's "read through" mark in the workspace (null: none), found once per query. */
const mark = sql`(select ${alertReadMarks.readThrough} from ${alertReadMarks}
  where ${alertReadMarks.userId} = ${uid} and ${alertReadMarks.workspaceId} = ${ws})`;
const readByThem = (eventId: SQL) =>
  sql`exists (select 1 from ${alertReads} r where r.user_id = ${uid} and r.event_id = ${eventId})`;

export interface AlertCenterRow {
  e: typeof events.$inferSelect;
  cameraName: string | null;
  read: boolean;
  /** The person's unread alerts (up to the cap), the same on every row. */
  unread: number;
}

/**
 * The bell in one query: the latest alerts with their camera's name and whether this person read
 * each, and beside them how many they have not read (counted up to `cap`). It was three queries,
 * the mark first and then the two others, each built anew: the costliest page read per answer.
 */
function compile(db: Db, scoped: boolean): CompiledSelect<AlertCenterRow> {
  const inScope = (camera: SQL) =>
    scoped ? sql`and (${camera} is null or ${camera} = any(${sql.placeholder('scope')}::uuid[]))` : sql``;
  const selection = {
    e: getTableColumns(events),
    cameraName: cameras.name,
    read: sql<boolean>`(coalesce(${events.createdAt} <= ${mark}, false) or ${readByThem(sql`${events.id}`)})`,
    unread: sql<number>`(select count(*)::int from (
      select 1 from ${events} u
      where u.workspace_id = ${ws} and u.severity = 'alert' ${inScope(sql`u.camera_id`)}
        and u.created_at > coalesce(${mark}, '-infinity'::timestamptz)
        and not ${readByThem(sql`u.id`)}
      limit ${sql.placeholder('cap')}) x)`,
  };
  const query = db
    .select(selection)
    .from(events)
    .leftJoin(cameras, eq(cameras.id, events.cameraId))
    .where(and(sql`${events.workspaceId} = ${ws} ${inScope(sql`${events.cameraId}`)}`, eq(events.severity, 'alert')))
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder('limit'));
  return compileSelect<AlertCenterRow>(selection, query);
}

const compiled = new Map<boolean, CompiledSelect<AlertCenterRow>>();

/** The caller's alert center: the latest `limit` alerts and their unread count up to `cap`. */
export async function alertCenter(
  db: Db,
  of: { uid: string; workspaceId: string; cameraIds: CameraScope },
  limit: number,
  cap: number,
): Promise<{ rows: AlertCenterRow[]; unread: number }> {
  const scoped = of.cameraIds !== null;
  let query = compiled.get(scoped);
  if (!query) {
    query = compile(db, scoped);
    compiled.set(scoped, query);
  }
  const rows = await query.run(db, {
    userId: of.uid,
    workspaceId: of.workspaceId,
    ...(scoped ? { scope: of.cameraIds } : {}),
    limit,
    cap,
  });
  // No alert in the caller's view: none unread either.
  return { rows, unread: rows[0]?.unread ?? 0 };
}
