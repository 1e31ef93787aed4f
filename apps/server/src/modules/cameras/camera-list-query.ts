import { type Db, type DbOrTx, schema } from '@vigil/db';
import type { Holiday, ListQuery, ScheduleRange } from '@vigil/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { CameraScope } from '../../lib/camera-scope.ts';
import { type CompiledSelect, compileSelect } from '../../lib/compiled-select.ts';
import { type ListSpec, cursorValues, planList } from '../../lib/list-query.ts';
import type { ArmingContext, CameraRow } from './camera-view.ts';

const c = schema.cameras;
const { users, workspaces, schedules } = schema;

/** A workspace rarely has more than a handful of cameras: one page of 100 is the default. */
const CAMERAS_PAGE = 100;

const camerasList: ListSpec = {
  filters: {
    status: { expr: sql`${c.status}`, type: 'text' },
    enabled: { expr: sql`${c.enabled}`, type: 'bool' },
    sourceType: { expr: sql`${c.sourceType}`, type: 'text' },
    siteId: { expr: sql`${c.siteId}::text`, type: 'text' },
  },
  sorts: {
    createdAt: { expr: sql`${c.createdAt}`, type: 'date' },
    name: { expr: sql`lower(${c.name})`, type: 'text' },
  },
  id: sql`${c.id}`,
  defaultSort: { field: 'createdAt', desc: false },
};

type ScheduleOfContext = { id: string; ranges: ScheduleRange[]; holidays: Holiday[] };

/**
 * The workspace's row with its zone, its schedules (a handful, as one JSON array) and, when asked,
 * the owner's camera limit and the workspace's camera count: what a list's arming and quota are
 * read from, as one row that a page of cameras joins. `workspaceId` is a value or a placeholder.
 */
export function contextOf(db: DbOrTx, workspaceId: unknown, withQuota: boolean) {
  return db
    .select({
      timeZone: sql<string>`${workspaces.timeZone}`.as('ctx_time_zone'),
      schedules: sql<ScheduleOfContext[]>`(select coalesce(json_agg(json_build_object(
          'id', ${schedules.id}, 'ranges', ${schedules.ranges}, 'holidays', ${schedules.holidays})), '[]'::json)
        from ${schedules} where ${schedules.workspaceId} = ${workspaceId})`.as('ctx_schedules'),
      ownerId: sql<string | null>`${withQuota ? sql`${users.id}` : sql`null`}`.as('ctx_owner_id'),
      maxCameras: sql<number | null>`${withQuota ? sql`(${users.limits}->>'maxCameras')::int` : sql`null`}`.as(
        'ctx_max_cameras',
      ),
      used: sql<number | null>`${
        withQuota ? sql`(select count(*)::int from ${c} where ${c.workspaceId} = ${workspaceId})` : sql`null`
      }`.as('ctx_used'),
    })
    .from(workspaces)
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, sql`${workspaceId}`))
    .as('ctx');
}

export const toArmingContext = (
  row: { timeZone: string; schedules: ScheduleOfContext[] } | undefined,
): ArmingContext => ({
  timeZone: row?.timeZone ?? 'UTC',
  schedules: new Map((row?.schedules ?? []).map((s) => [s.id, { ranges: s.ranges, holidays: s.holidays }])),
});

interface ListRow {
  timeZone: string;
  schedules: ScheduleOfContext[];
  ownerId: string | null;
  maxCameras: number | null;
  used: number | null;
  sortText: string | null;
  /** Every column null when the page is empty: the context row came alone. */
  row: CameraRow | { [K in keyof CameraRow]: null };
}

const ws = sql.placeholder('workspaceId');
const after = [sql.placeholder('afterSort'), sql.placeholder('afterId')] as const;

/**
 * The list's query with placeholders for the workspace, the scope, the cursor and the limit: its
 * text depends only on the list's shape (quota or not, scoped or not, a cursor or not, the sort, any
 * filters), which is what `key` names.
 */
function compile(db: Db, query: ListQuery, shape: { withQuota: boolean; scoped: boolean; after: boolean }) {
  const plan = planList(
    query,
    camerasList,
    [
      sql`${c.workspaceId} = ${ws}`,
      // As cameraInScope, with the member's cameras as one parameter filled on each run.
      ...(shape.scoped ? [sql`${c.id} = any(${sql.placeholder('scope')}::uuid[])`] : []),
    ],
    shape.after ? after : undefined,
  );
  const ctx = contextOf(db, ws, shape.withQuota);
  // The context's fields come again on every row, as plain SQL (their names are unique to the context).
  const selection = {
    timeZone: sql<string>`${ctx.timeZone}`,
    schedules: sql<ScheduleOfContext[]>`${ctx.schedules}`,
    ownerId: sql<string | null>`${ctx.ownerId}`,
    maxCameras: sql<number | null>`${ctx.maxCameras}`,
    used: sql<number | null>`${ctx.used}`,
    sortText: plan.sortText,
    row: getTableColumns(c),
  };
  // The page is a lateral subquery named as the table, so the outer query reads its columns (and
  // sorts the page's few rows) by the same names: PostgreSQL walks the (workspace, created) index for
  // the page's rows alone. Joined to the context directly, it read and sorted every camera of the
  // workspace to keep the first page (decision 0026).
  const page = db
    .select(getTableColumns(c))
    .from(c)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(sql.placeholder('limit'))
    .as('cameras');
  const select = db
    .select(selection)
    .from(ctx)
    .leftJoinLateral(page, sql`true`)
    .orderBy(...plan.orderBy);
  return { compiled: compileSelect<ListRow>(selection, select), cursorFor: plan.cursorFor };
}

type Compiled = { compiled: CompiledSelect<ListRow>; cursorFor: (sortValue: unknown, id: string) => string };
/** Built lists without filters, by shape: at most 2 × 2 × 2 × the sorts × 2 directions. */
const compiledByShape = new Map<string, Compiled>();

/**
 * A page of the list with what its cameras are shown with — the workspace's arming context and,
 * with `withQuota`, the owner's camera limit beside the workspace's count — in one query: the
 * workspace's one context row left-joins the page's cameras (the list's conditions are the join's,
 * so an empty page still brings the context). It was five queries one after another, and the
 * cameras page's first data waited for all of them. A list without filters (what the pages ask
 * first) is built once per shape; one with filters is built for its request, their values in it.
 */
export async function listCameras(
  db: Db,
  workspaceId: string,
  scope: CameraScope,
  query: ListQuery,
  withQuota: boolean,
) {
  const [sortName, dir] = query.orderBy?.split(':') ?? [];
  const shape = { withQuota, scoped: scope !== null, after: Boolean(query.startAfter) };
  // The sort as planList reads it, so that every text that means one sort finds one entry.
  const orderBy = query.orderBy === undefined ? undefined : `${sortName}:${dir === 'desc' ? 'desc' : 'asc'}`;
  const planned = { where: query.where, orderBy };
  let built: Compiled;
  if (query.where) built = compile(db, planned, shape);
  else {
    const key = `${shape.withQuota}:${shape.scoped}:${shape.after}:${orderBy}`;
    built = compiledByShape.get(key) ?? compile(db, planned, shape);
    compiledByShape.set(key, built);
  }
  const [afterSort, afterId] = query.startAfter ? cursorValues(query.startAfter) : [];
  const limit = query.limit ?? CAMERAS_PAGE;
  const rows = await built.compiled.run(db, { workspaceId, scope, afterSort, afterId, limit: limit + 1 });
  const first = rows[0];
  const found = rows.filter((r): r is ListRow & { row: CameraRow; sortText: string } => r.row.id !== null);
  const shown = found.slice(0, limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((r) => r.row),
    nextCursor: found.length > limit && last ? built.cursorFor(last.sortText, last.row.id) : null,
    arming: toArmingContext(first),
    quota: withQuota && first?.ownerId ? { used: first.used ?? 0, max: first.maxCameras as number } : null,
  };
}
