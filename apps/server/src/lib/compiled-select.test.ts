import { createDb, schema } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createTestPatternCamera, signUp } from '../../test/harness.ts';
import { withPg } from '../../test/helpers.ts';
import { compileRaw, compileSelect } from './compiled-select.ts';

const { cameras, sites, workspaces } = schema;

describe('a select compiled once answers what drizzle answers', () => {
  let t: TestApp;
  let owner: AuthResult;
  let database: ReturnType<typeof createDb>;
  let withSite: string;
  let alone: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, { displayName: 'Owner' });
    withSite = await createTestPatternCamera(t.app, owner.token, 'With a site');
    alone = await createTestPatternCamera(t.app, owner.token, 'Alone');
    // Every kind of column filled on one camera (dates, JSON, integers, a site), none on the other.
    await withPg(t.databaseUrl, async (c) => {
      const site = await c.query(`insert into sites (workspace_id, name) values ($1, 'North') returning id`, [
        owner.workspace.id,
      ]);
      await c.query(
        `update cameras set site_id = $2, status_changed_at = '2026-03-04 05:06:07.891234+00', width = 1920,
           height = 1080, fps = 25, arm_override = true, arm_override_until = now() + interval '1 hour',
           onvif = '{"deviceUrl":"http://10.0.0.2/onvif/device_service","profileToken":"p1"}',
           motion = '{"enabled":true,"sensitivity":70}' where id = $1`,
        [withSite, site.rows[0].id],
      );
    });
    database = createDb(t.databaseUrl, 2);
  });
  afterAll(async () => {
    await database.pool.end();
    await t.close();
  });

  it('the same rows, nested objects, left-joined nulls and typed fragments, with placeholders filled per run', async () => {
    const { db } = database;
    const selection = {
      name: sql<string>`${workspaces.name}`,
      cameraCount: sql`(select count(*) from ${cameras} where ${cameras.workspaceId} = ${workspaces.id})`.mapWith(
        Number,
      ),
      createdAt: workspaces.createdAt,
      camera: getTableColumns(cameras),
      site: { id: sites.id, name: sites.name, createdAt: sites.createdAt },
    };
    const build = (workspaceId: unknown) =>
      db
        .select(selection)
        .from(workspaces)
        .innerJoin(cameras, eq(cameras.workspaceId, workspaces.id))
        .leftJoin(sites, eq(sites.id, cameras.siteId))
        .where(eq(workspaces.id, sql`${workspaceId}`))
        .orderBy(cameras.name);
    const compiled = compileSelect<Record<string, unknown>>(selection, build(sql.placeholder('ws')));

    const ours = await compiled.run(db, { ws: owner.workspace.id });
    const drizzles = (await build(owner.workspace.id)) as Record<string, unknown>[];
    expect(ours.map((r) => (r.camera as { id: string }).id)).toEqual([alone, withSite]);
    // drizzle answers a left-joined table with no row as null; the compiled select leaves its fields null.
    expect(ours[0]!.site).toEqual({ id: null, name: null, createdAt: null });
    expect(drizzles[0]!.site).toBeNull();
    expect({ ...ours[0], site: null }).toEqual(drizzles[0]);
    expect(ours[1]).toEqual(drizzles[1]);
    const camera = ours[1]!.camera as typeof cameras.$inferSelect;
    expect(camera.statusChangedAt).toBeInstanceOf(Date);
    expect(camera.statusChangedAt!.toISOString()).toBe('2026-03-04T05:06:07.891Z');
    expect(camera.motion).toEqual({ enabled: true, sensitivity: 70 });
    expect(ours[1]!.cameraCount).toBe(2);

    // Another value in the same text: another workspace, which has no cameras.
    const other = await signUp(t.app, { displayName: 'Other' });
    expect(await compiled.run(db, { ws: other.workspace.id })).toEqual([]);
  });

  it('a raw statement compiled once answers what db.execute answers, timestamps as text, one statement per connection', async () => {
    const { db, pool } = database;
    const build = (workspaceId: unknown) =>
      sql`select c.id, c.name, c.status_changed_at, c.motion, (select count(*) from ${cameras} x
            where x.workspace_id = c.workspace_id) as n from ${cameras} c where c.workspace_id = ${workspaceId}
          order by c.name`;
    const compiled = compileRaw<Record<string, unknown>>(db, build(sql.placeholder('ws')));
    const ours = await compiled.run(db, { ws: owner.workspace.id });
    const { rows } = await db.execute(build(owner.workspace.id));
    expect(ours).toEqual(rows);
    expect(ours.map((r) => r.id)).toEqual([alone, withSite]);
    expect(ours[1]!.status_changed_at).toBe('2026-03-04 05:06:07.891234+00');
    expect(ours[1]!.motion).toEqual({ enabled: true, sensitivity: 70 });
    // Run again on both pooled connections: each holds it as one prepared statement, under one name.
    await Promise.all([compiled.run(db, { ws: owner.workspace.id }), compiled.run(db, { ws: owner.workspace.id })]);
    const prepared = await pool.query(
      `select count(*)::int as n from pg_prepared_statements where statement like '%x.workspace_id = c.workspace_id%'`,
    );
    expect(prepared.rows[0].n).toBe(1);
  });
});
