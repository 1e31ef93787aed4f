import { type Db, createDb } from '@vigil/db';
import type { AuthResult, CameraImport } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RtspServer, freePort, startRtspServer } from '../../../../../e2e/fixtures/rtsp-server.ts';
import { startTestWorker } from '../../../test/job-helpers.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, grantPlan, joinWorkspace, withPg } from '../../../test/helpers.ts';
import { insertSite } from '../../../test/route-walk-import.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import type { JobWorker } from '../jobs/job-worker.service.ts';
import { createCamerasService } from '../cameras/cameras.service.ts';
import { createCameraImportTask } from './camera-import.module.ts';

/** A CSV of cameras into a site, each line checked, probed (real ffprobe, real RTSP) and created by the job. */
describe('camera import', () => {
  let t: TestApp;
  let rtsp: RtspServer;
  let owner: AuthResult;
  let site: string;
  let db: Db;
  let end: () => Promise<void>;
  let worker: JobWorker;

  beforeAll(async () => {
    [t, rtsp] = await Promise.all([createTestApp(), startRtspServer()]);
    owner = await signUp(t.app);
    await grantPlan(t.databaseUrl, owner.workspace.id, 'vms');
    site = await insertSite(t.databaseUrl, owner.workspace.id, 'Warehouse');
    const pool = createDb(t.databaseUrl, 2);
    db = pool.db;
    end = () => pool.pool.end();
    const secrets = createSecretBox(t.config.authSecret);
    const task = createCameraImportTask({
      db,
      secrets,
      cameras: createCamerasService({ db, secrets, policy: { allowLoopback: true } }),
    });
    worker = await startTestWorker({
      databaseUrl: t.databaseUrl,
      db,
      tasks: { 'camera-import': (p, job) => task.run(p.id, job) },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await end?.();
    await Promise.all([t?.close(), rtsp?.stop()]);
  });

  const start = (token: string, siteId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/sites/${siteId}/cameras/import`,
      headers: bearer(token),
      payload,
    });

  async function finished(token: string, id: string): Promise<CameraImport> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/camera-imports/${id}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as CameraImport;
      if (body.status === 'done' || body.status === 'failed') return body;
      if (Date.now() > deadline) throw new Error(`import still ${body.status}: ${res.body}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('good and bad lines: each reported on its own line, only the good ones created, in the site', async () => {
    const closed = await freePort();
    const csv = [
      '\uFEFFname,url,username,password,recording mode',
      `Dock door,${rtsp.url},,,motion`,
      'Bad URL,ftp://10.0.0.9/stream,,,continuous',
      `Odd mode,${rtsp.url},,,sometimes`,
      `Nobody home,rtsp://127.0.0.1:${closed}/test,admin,"p,a""ss",off`,
      'Metadata,rtsp://169.254.169.254/latest,,,continuous',
      `"=cmd|' /C calc'!A0",${rtsp.url}`,
      '',
    ].join('\r\n');
    const before = await countRows(t.databaseUrl, ['cameras', 'camera_imports']);
    const res = await start(owner.token, site, { csv });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json() as CameraImport;
    expect(started).toMatchObject({ siteId: site, status: 'queued', total: 6, processed: 2, created: 0, failed: 2 });
    // Refused lines have their result at once, numbered as in the file (the header is line 1).
    expect(started.results).toEqual([
      {
        line: 3,
        name: 'Bad URL',
        ok: false,
        error: 'The URL must start with rtsp://, rtsps:// (a stream) or http(s):// (MJPEG).',
      },
      {
        line: 4,
        name: 'Odd mode',
        ok: false,
        error: 'Unknown recording mode “sometimes”: use continuous, motion or off.',
      },
    ]);

    const done = await finished(owner.token, started.id);
    expect(done).toMatchObject({ status: 'done', total: 6, processed: 6, created: 2, failed: 4, error: null });
    const byLine = Object.fromEntries(done.results.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ name: 'Dock door', ok: true, cameraId: expect.any(String) });
    expect(byLine[5]).toEqual({
      line: 5,
      name: 'Nobody home',
      ok: false,
      error: `Connection refused by 127.0.0.1:${closed}: nothing is listening on that port, check the port in the URL.`,
    });
    expect(byLine[6]).toMatchObject({ ok: false, error: expect.stringMatching(/not allowed as a target: link-local/) });
    expect(byLine[7]).toMatchObject({ name: "=cmd|' /C calc'!A0", ok: true });
    expect(done.results.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7]);

    expect(await countRows(t.databaseUrl, ['cameras', 'camera_imports'])).toEqual({
      cameras: before.cameras! + 2,
      camera_imports: before.camera_imports! + 1,
    });
    const rows = await withPg(t.databaseUrl, async (c) => {
      const cams = await c.query(
        'select name, site_id, recording_mode, source_type from cameras where id = any($1) order by name',
        [[byLine[2]!.cameraId, byLine[7]!.cameraId]],
      );
      const imp = await c.query('select pending from camera_imports where id = $1', [started.id]);
      const audits = await c.query(
        `select actor_id, workspace_id from audit_log where action = 'camera.created' and target_id = any($1)`,
        [[byLine[2]!.cameraId, byLine[7]!.cameraId]],
      );
      return { cams: cams.rows, pending: imp.rows[0].pending, audits: audits.rows };
    });
    // The formula is stored as the text it is.
    expect(rows.cams).toEqual([
      { name: "=cmd|' /C calc'!A0", site_id: site, recording_mode: 'continuous', source_type: 'rtsp' },
      { name: 'Dock door', site_id: site, recording_mode: 'motion', source_type: 'rtsp' },
    ]);
    // No sealed password outlives the import; the cameras are the importer's in the workspace's audit chain.
    expect(rows.pending).toEqual([]);
    expect(rows.audits).toEqual([
      { actor_id: owner.user.uid, workspace_id: owner.workspace.id },
      { actor_id: owner.user.uid, workspace_id: owner.workspace.id },
    ]);

    // The report as CSV: the formula neutralised, quoting intact.
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/camera-imports/${started.id}/results.csv`,
      headers: bearer(owner.token),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.body.split('\r\n')[0]).toBe('line,name,ok,camera id,error');
    expect(report.body).toContain(`7,'=cmd|' /C calc'!A0,yes,${byLine[7]!.cameraId},`);
    expect(report.body).toContain('6,Metadata,no,,"This address is not allowed as a target: link-local,');
    expect(report.body).not.toMatch(/(^|,)=cmd/m);
  });

  it('the camera limit: the line that reaches it and every later one say so', async () => {
    const count = (await countRows(t.databaseUrl, ['cameras'])).cameras!;
    await withPg(t.databaseUrl, (c) =>
      c.query(`update users set limits = jsonb_set(limits, '{maxCameras}', to_jsonb($2::int)) where id = $1`, [
        owner.user.uid,
        count + 1,
      ]),
    );
    try {
      const csv = ['A', 'B', 'C'].map((n) => `Cam ${n},${rtsp.url}`).join('\n');
      const res = await start(owner.token, site, { csv });
      expect(res.statusCode, res.body).toBe(201);
      const done = await finished(owner.token, res.json().id);
      expect(done.results.map((r) => r.ok)).toEqual([true, false, false]);
      for (const r of done.results.slice(1)) expect(r.error).toMatch(/^Your plan allows \d+ cameras?\. /);
      expect((await countRows(t.databaseUrl, ['cameras'])).cameras).toBe(count + 1);
    } finally {
      await withPg(t.databaseUrl, (c) =>
        c.query(`update users set limits = jsonb_set(limits, '{maxCameras}', '1000') where id = $1`, [owner.user.uid]),
      );
    }
  });

  it('rows (the page’s found devices) import like CSV lines', async () => {
    const res = await start(owner.token, site, {
      rows: [
        { name: 'Found 1', url: rtsp.url, recordingMode: 'off' },
        { name: '', url: rtsp.url },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const done = await finished(owner.token, res.json().id);
    expect(done.results).toEqual([
      { line: 1, name: 'Found 1', ok: true, cameraId: expect.any(String) },
      { line: 2, name: '', ok: false, error: 'The name is missing.' },
    ]);
  });

  it('refused whole: too many lines, no lines, both or neither of csv and rows — nothing written', async () => {
    const before = await countRows(t.databaseUrl, ['cameras', 'camera_imports']);
    const many = Array.from({ length: 501 }, (_, i) => `Cam ${i},rtsp://10.0.0.${i % 250}/s`).join('\n');
    const tooMany = await start(owner.token, site, { csv: many });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany)).toMatchObject({
      code: 'invalid-argument',
      message: 'At most 500 cameras per import: this one has 501 lines. Split it into several imports.',
    });
    const tooManyRows = await start(owner.token, site, {
      rows: Array.from({ length: 501 }, () => ({ name: 'x', url: 'rtsp://10.0.0.1/' })),
    });
    expect(tooManyRows.statusCode).toBe(400);
    for (const payload of [{ csv: 'name,url\r\n\r\n' }, { csv: '' }, {}, { csv: 'a,rtsp://h/', rows: [] }]) {
      const res = await start(owner.token, site, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
    expect(await countRows(t.databaseUrl, ['cameras', 'camera_imports'])).toEqual(before);
  });

  it('another workspace’s site or import is not found; a member limited to cameras may not import', async () => {
    const other = await signUp(t.app);
    await grantPlan(t.databaseUrl, other.workspace.id, 'vms');
    const otherSite = await insertSite(t.databaseUrl, other.workspace.id, 'Elsewhere');
    const res = await start(owner.token, otherSite, { csv: `A,${rtsp.url}` });
    expect([res.statusCode, errorOf(res).code]).toEqual([404, 'not-found']);
    const theirs = await start(other.token, otherSite, { csv: 'A,ftp://x/' });
    expect(theirs.statusCode).toBe(201);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/camera-imports/${theirs.json().id}`,
      headers: bearer(owner.token),
    });
    expect([peek.statusCode, errorOf(peek).code]).toEqual([404, 'not-found']);

    const limited = await signUp(t.app);
    await joinWorkspace(t.databaseUrl, limited.user.uid, owner.workspace.id, 'manager', []);
    const refused = await start(limited.token, site, { csv: `A,${rtsp.url}` });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'permission-denied']);
  });

  it('the plan gate: without the vms plan refused, naming the plan; granted, allowed', async () => {
    const basic = await signUp(t.app);
    const basicSite = await insertSite(t.databaseUrl, basic.workspace.id, 'HQ');
    const before = await countRows(t.databaseUrl, ['camera_imports']);
    const res = await start(basic.token, basicSite, { csv: 'A,ftp://x/' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'failed-precondition' });
    expect(errorOf(res).message).toMatch(/multi-site VMS area is not part of your plan/);
    expect(await countRows(t.databaseUrl, ['camera_imports'])).toEqual(before);
    await grantPlan(t.databaseUrl, basic.workspace.id, 'vms');
    expect((await start(basic.token, basicSite, { csv: 'A,ftp://x/' })).statusCode).toBe(201);
  });
});
