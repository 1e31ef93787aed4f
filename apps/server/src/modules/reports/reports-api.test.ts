import { writeFile } from 'node:fs/promises';
import type { AuthResult, Report } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, grantPlan, joinWorkspace, connectPg } from '../../../test/helpers.ts';
import {
  addCamera,
  addEvent,
  addSite,
  download,
  pdfText,
  startReportWorker,
  waitForReport,
} from '../../../test/reports-world.ts';

/**
 * The reports API's rules: bad input refused with its catalogue code and nothing written, the
 * `vms` plan for per-site reports, another workspace's objects not found, and a member limited to
 * some cameras seeing only the reports whose cameras they all reach.
 */
const FROM = '2025-03-03T00:00:00+01:00';
const TO = '2025-03-10T00:00:00+01:00';

describe('reports API: input, plan, workspaces and camera scope', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let limited: AuthResult;
  let c: pg.Client;
  const ids = { a: '', b: '', foreignCamera: '', site: '', foreignSite: '' };

  const post = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: bearer(token),
      payload: { kind: 'events', format: 'csv', from: FROM, to: TO, ...body },
    });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, { displayName: 'Olive' });
    stranger = await signUp(t.app, { displayName: 'Stranger' });
    limited = await signUp(t.app, { displayName: 'Lim' });
    c = await connectPg(t.databaseUrl);
    ids.site = await addSite(c, owner.workspace.id, 'Warehouse', 'America/New_York');
    ids.foreignSite = await addSite(c, stranger.workspace.id, 'Their site');
    ids.a = await addCamera(c, owner.workspace.id, 'Gate', '2025-01-01T00:00:00Z', ids.site);
    ids.b = await addCamera(c, owner.workspace.id, 'Office', '2025-01-01T00:00:00Z');
    ids.foreignCamera = await addCamera(c, stranger.workspace.id, 'Theirs', '2025-01-01T00:00:00Z', ids.foreignSite);
    await addEvent(c, {
      workspaceId: owner.workspace.id,
      cameraId: ids.a,
      kind: 'motion',
      start: '2025-03-04T10:00:00Z',
    });
    await addEvent(c, {
      workspaceId: owner.workspace.id,
      cameraId: ids.b,
      kind: 'motion',
      start: '2025-03-04T11:00:00Z',
    });
    await joinWorkspace(t.databaseUrl, limited.user.uid, owner.workspace.id, 'manager', [ids.a]);
  });
  afterAll(async () => {
    await c?.end();
    await t?.close();
  });

  it('bad input: a clear code and message, nothing written', async () => {
    const before = await countRows(t.databaseUrl, ['reports', 'audit_log', 'graphile_worker._private_jobs']);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ from: TO, to: FROM }, 400, 'invalid-argument'],
      [{ from: FROM, to: FROM }, 400, 'invalid-argument'],
      [{ from: '2024-01-01T00:00:00Z', to: '2025-03-01T00:00:00Z' }, 400, 'out-of-range'],
      [{ from: '2999-01-01T00:00:00Z', to: '2999-02-01T00:00:00Z' }, 400, 'invalid-argument'],
      [{ from: 'March 3' }, 400, 'invalid-argument'],
      [{ kind: 'weather' }, 400, 'invalid-argument'],
      [{ format: 'docx' }, 400, 'invalid-argument'],
      [{ cameraIds: [] }, 400, 'invalid-argument'],
      [{ groupBy: 'camera' }, 400, 'invalid-argument'],
      [{ cameraIds: [ids.foreignCamera] }, 404, 'not-found'],
      [{ cameraIds: [ids.a, '00000000-0000-4000-8000-000000000000'] }, 404, 'not-found'],
    ];
    for (const [body, status, code] of cases) {
      const res = await post(owner.token, body);
      expect([res.statusCode, errorOf(res).code], JSON.stringify(body)).toEqual([status, code]);
    }
    const backwards = await post(owner.token, { from: TO, to: FROM });
    expect(errorOf(backwards)).toMatchObject({
      message: 'The period must start before it ends.',
      fields: { from: 'must be before to' },
    });
    expect(await countRows(t.databaseUrl, ['reports', 'audit_log', 'graphile_worker._private_jobs'])).toEqual(before);
  });

  it('per-site reports need the vms plan; an unknown or another workspace’s site is not found', async () => {
    const refused = await post(owner.token, { siteId: ids.site });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'failed-precondition' });
    expect(errorOf(refused).message).toMatch(/plan/);
    await grantPlan(t.databaseUrl, owner.workspace.id, 'vms');
    expect((await post(owner.token, { siteId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(errorOf(await post(owner.token, { siteId: ids.foreignSite })).code).toBe('not-found');
    const wrong = await post(owner.token, { siteId: ids.site, cameraIds: [ids.b] });
    expect([wrong.statusCode, errorOf(wrong).fields]).toEqual([400, { cameraIds: 'not all of the site' }]);
    const ok = await post(owner.token, { siteId: ids.site, kind: 'uptime', format: 'pdf' });
    expect(ok.statusCode).toBe(201);
    const report = (await get(owner.token, `/api/v1/reports/${ok.json().id}`)).json() as Report;
    // The site's own zone, its name, its cameras only.
    expect(report).toMatchObject({
      siteId: ids.site,
      siteName: 'Warehouse',
      cameraCount: 1,
      timeZone: 'America/New_York',
    });
  });

  it('a workspace-wide report groups its cameras by site', async () => {
    const worker = await startReportWorker(t);
    try {
      const res = await post(owner.token, { kind: 'events', format: 'pdf' });
      const report = await waitForReport(t, owner.token, res.json().id);
      const pdf = (await download(t, report)).body;
      if (process.env.REPORT_PDF_OUT) await writeFile(process.env.REPORT_PDF_OUT, pdf);
      const text = await pdfText(pdf, t.config.dataDir);
      expect(text).toContain('By site');
      expect(text).toMatch(/Warehouse\s+1\s+1/);
      expect(text).toMatch(/No site\s+1\s+1/);
      expect(text).toMatch(/Gate\s+Warehouse\s+1\s+1/);
      expect(text).toMatch(/Total\s+2\s+2/);
      const csv = await post(owner.token, { kind: 'events', format: 'csv' });
      const lines = (await download(t, await waitForReport(t, owner.token, csv.json().id))).body
        .toString()
        .split('\r\n');
      expect(lines).toContain(`site,,,${ids.site},Warehouse,2025-03-02T23:00:00.000Z,2025-03-09T23:00:00.000Z,1,1`);
      expect(lines).toContain('site,,,,,2025-03-02T23:00:00.000Z,2025-03-09T23:00:00.000Z,1,1');
    } finally {
      await worker.close();
    }
  });

  it('another workspace’s report is not found; a limited manager sees only reports within their cameras', async () => {
    const all = (await post(owner.token, {})).json().id as string;
    for (const [method, url] of [
      ['GET', `/api/v1/reports/${all}`],
      ['GET', `/api/v1/reports/${all}/download`],
      ['DELETE', `/api/v1/reports/${all}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(stranger.token) });
      expect([res.statusCode, errorOf(res).code], `${method} ${url}`).toEqual([404, 'not-found']);
      const mine = await t.app.inject({ method, url, headers: bearer(limited.token) });
      expect(mine.statusCode, `${method} ${url} as the limited manager`).toBe(404);
    }
    expect((await get(stranger.token, '/api/v1/reports')).json().items).toEqual([]);
    // Asked by the limited manager, a report covers only the cameras they reach.
    const own = await post(limited.token, {});
    expect(own.statusCode).toBe(201);
    expect((await get(limited.token, `/api/v1/reports/${own.json().id}`)).json().cameraCount).toBe(1);
    expect(errorOf(await post(limited.token, { cameraIds: [ids.b] })).code).toBe('not-found');
    expect((await post(limited.token, { siteId: ids.site })).statusCode).toBe(201);
    const listed = (await get(limited.token, '/api/v1/reports')).json().items as Report[];
    expect(listed.map((r) => r.id)).toContain(own.json().id);
    expect(listed.map((r) => r.id)).not.toContain(all);
    expect(listed.every((r) => r.cameraCount <= 1)).toBe(true);
    const ownerList = (await get(owner.token, '/api/v1/reports')).json().items as Report[];
    expect(ownerList.map((r) => r.id)).toEqual(expect.arrayContaining([all, own.json().id]));
    // Not ready yet: no download.
    const early = await get(owner.token, `/api/v1/reports/${all}/download`);
    expect([early.statusCode, errorOf(early).code]).toEqual([400, 'failed-precondition']);
  });
});
