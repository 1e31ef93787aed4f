import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, setRoleInDb, withPg } from '../../../test/helpers.ts';

const PASSWORD = 'Sup3r-s3cret-camera-pw';

describe('cameras CRUD, masking, tenancy and validation', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let viewer: AuthResult;

  const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = (token: string, body: Record<string, unknown>) => api(token, 'POST', '/api/v1/cameras', body);
  const rtspBody = (over: Record<string, unknown> = {}) => ({
    name: 'Front door',
    source: { type: 'rtsp', url: 'rtsp://192.168.1.20:554/stream1', username: 'admin', password: PASSWORD },
    recordingMode: 'continuous',
    retentionDays: 14,
    ...over,
  });
  const row = (id: string) =>
    withPg(t.databaseUrl, async (c) => (await c.query('select * from cameras where id = $1', [id])).rows[0]);

  beforeAll(async () => {
    t = await createTestApp();
    await signUp(t.app, { displayName: 'Admin' }); // the installation's first account
    owner = await signUp(t.app, { displayName: 'Owner' });
    stranger = await signUp(t.app, { displayName: 'Stranger' });
    viewer = await signUp(t.app, { displayName: 'Viewer' });
    await setRoleInDb(t.databaseUrl, viewer.user.uid, 'viewer');
  });
  afterAll(() => t.close());

  it('create → 201 masked camera; get and list return it; the password is in no response body', async () => {
    const res = await create(owner.token, rtspBody());
    expect(res.statusCode).toBe(201);
    const cam = res.json();
    expect(cam).toMatchObject({
      name: 'Front door',
      workspaceId: owner.workspace.id,
      source: { type: 'rtsp', url: 'rtsp://192.168.1.20:554/stream1', username: 'admin', hasPassword: true },
      recordingMode: 'continuous',
      retentionDays: 14,
      enabled: true,
      status: 'offline',
      lastError: null,
    });
    const got = await api(owner.token, 'GET', `/api/v1/cameras/${cam.id}`);
    expect(got.json()).toEqual(cam);
    const list = await api(owner.token, 'GET', '/api/v1/cameras');
    expect(list.json().items.map((c: { id: string }) => c.id)).toEqual([cam.id]);
    for (const body of [res.body, got.body, list.body]) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain('password_enc');
      expect(body).not.toContain('PasswordEnc');
    }
  });

  it('quiet by default: a new test pattern has motion events and AI off; a real camera keeps motion events on, AI off', async () => {
    const pattern = await create(owner.token, {
      name: 'Try it',
      source: { type: 'test-pattern' },
      recordingMode: 'continuous',
    });
    expect(pattern.statusCode).toBe(201);
    expect(pattern.json().motion.enabled).toBe(false);
    expect(pattern.json().ai.enabled).toBe(false);
    const real = await create(owner.token, rtspBody({ name: 'Gate' }));
    expect(real.json().motion.enabled).toBe(true);
    expect(real.json().ai.enabled).toBe(false);
    // Turned on by hand, it stays on.
    const on = await api(owner.token, 'PATCH', `/api/v1/cameras/${pattern.json().id}`, {
      motion: { ...pattern.json().motion, enabled: true },
    });
    expect(on.json().motion.enabled).toBe(true);
    // The workspace's default (Schedules) decides a real camera's start; a test pattern stays quiet either way.
    const off = await api(owner.token, 'PATCH', `/api/v1/workspaces/${owner.workspace.id}`, {
      newCameraMotionAlerts: false,
    });
    expect(off.json().newCameraMotionAlerts).toBe(false);
    const quiet = await create(owner.token, rtspBody({ name: 'Yard' }));
    expect(quiet.json().motion.enabled).toBe(false);
    // A viewer may not change it.
    const refused = await api(viewer.token, 'PATCH', `/api/v1/workspaces/${viewer.workspace.id}`, {
      newCameraMotionAlerts: false,
    });
    expect(refused.statusCode).toBe(403);
    await api(owner.token, 'PATCH', `/api/v1/workspaces/${owner.workspace.id}`, { newCameraMotionAlerts: true });
    for (const id of [pattern.json().id, real.json().id, quiet.json().id])
      await api(owner.token, 'DELETE', `/api/v1/cameras/${id}`);
  });

  it('the sealed value in the database is not the password', async () => {
    const cam = (await create(owner.token, rtspBody({ name: 'Sealed' }))).json();
    const stored = await row(cam.id);
    expect(stored.source_password_enc).toMatch(/^v1:/);
    expect(stored.source_password_enc).not.toContain(PASSWORD);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('user:pass inside the URL moves into username and the sealed password; the URL is stored bare', async () => {
    const res = await create(owner.token, {
      name: 'Inline creds',
      source: { type: 'rtsp', url: `rtsp://root:${encodeURIComponent(PASSWORD)}@10.0.0.9/live` },
      recordingMode: 'motion',
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.json().source).toEqual({
      type: 'rtsp',
      url: 'rtsp://10.0.0.9/live',
      username: 'root',
      hasPassword: true,
    });
    expect(res.json().retentionDays).toBe(30);
    const stored = await row(res.json().id);
    expect(stored.source_url).toBe('rtsp://10.0.0.9/live');
    expect(stored.source_username).toBe('root');
    expect(stored.source_password_enc).not.toContain(PASSWORD);
  });

  it('a substream URL with userinfo is shown masked as user:***', async () => {
    const res = await create(
      owner.token,
      rtspBody({ name: 'Sub', substreamUrl: `rtsp://admin:${PASSWORD}@10.0.0.2/sub` }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().substreamUrl).toBe('rtsp://admin:***@10.0.0.2/sub');
    expect(res.body).not.toContain(PASSWORD);
    const list = await api(owner.token, 'GET', '/api/v1/cameras');
    expect(list.body).not.toContain(PASSWORD);
    // At rest too: the URL keeps the user, the password is sealed apart like the main stream's.
    const stored = await row(res.json().id);
    expect(stored.substream_url).toBe('rtsp://admin@10.0.0.2/sub');
    expect(stored.substream_password_enc).toMatch(/\S/);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('PATCH renames, changes mode/retention; an omitted password keeps the sealed one', async () => {
    const cam = (await create(owner.token, rtspBody({ name: 'Patch me' }))).json();
    const before = await row(cam.id);
    const res = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, {
      name: 'Back yard',
      recordingMode: 'off',
      retentionDays: 7,
      source: { type: 'rtsp', url: 'rtsp://192.168.1.21/stream2', username: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Back yard',
      recordingMode: 'off',
      retentionDays: 7,
      source: { url: 'rtsp://192.168.1.21/stream2', username: 'admin', hasPassword: true },
    });
    expect((await row(cam.id)).source_password_enc).toBe(before.source_password_enc);
    const cleared = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, {
      source: { type: 'rtsp', url: 'rtsp://192.168.1.21/stream2', password: '' },
    });
    expect(cleared.json().source.hasPassword).toBe(false);
    const pattern = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, { source: { type: 'test-pattern' } });
    expect(pattern.json().source).toEqual({ type: 'test-pattern', url: null, username: null, hasPassword: false });
  });

  it('disable sets status disabled; enabling sets offline until the recorder reports', async () => {
    const cam = (await create(owner.token, rtspBody({ name: 'Toggle' }))).json();
    const off = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, status: 'disabled' });
    await withPg(t.databaseUrl, (c) => c.query(`update cameras set status = 'online' where id = $1`, [cam.id]));
    const on = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, status: 'offline', lastError: null });
  });

  it('DELETE → 204, then GET → 404', async () => {
    const cam = (await create(owner.token, rtspBody({ name: 'Doomed' }))).json();
    expect((await api(owner.token, 'DELETE', `/api/v1/cameras/${cam.id}`)).statusCode).toBe(204);
    const gone = await api(owner.token, 'GET', `/api/v1/cameras/${cam.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('not-found');
    expect((await api(owner.token, 'DELETE', `/api/v1/cameras/${cam.id}`)).statusCode).toBe(404);
  });

  it('another workspace’s camera id → 404 for GET/PATCH/DELETE/probe, and nothing changes', async () => {
    const cam = (await create(owner.token, rtspBody({ name: 'Mine' }))).json();
    const before = await row(cam.id);
    const calls = [
      api(stranger.token, 'GET', `/api/v1/cameras/${cam.id}`),
      api(stranger.token, 'PATCH', `/api/v1/cameras/${cam.id}`, { name: 'Stolen', enabled: false }),
      api(stranger.token, 'DELETE', `/api/v1/cameras/${cam.id}`),
      api(stranger.token, 'POST', `/api/v1/cameras/${cam.id}/probe`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res).code).toBe('not-found');
      expect(res.body).not.toContain('Mine');
    }
    expect(await row(cam.id)).toEqual(before);
    const theirs = await api(stranger.token, 'GET', '/api/v1/cameras');
    expect(theirs.json().items).toEqual([]);
  });

  it('a malformed id → 400', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await api(owner.token, method, '/api/v1/cameras/not-a-uuid', method === 'PATCH' ? {} : undefined);
      expect(res.statusCode, method).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
  });

  it('bad inputs each give a clear 400 and write nothing', async () => {
    const cases: Record<string, unknown>[] = [
      rtspBody({ source: { type: 'rtsp', url: 'not a url' } }),
      rtspBody({ source: { type: 'rtsp', url: 'http://x' } }),
      rtspBody({ source: { type: 'rtsp', url: 'rtsp://' } }),
      rtspBody({ source: { type: 'mjpeg', url: 'rtsp://10.0.0.1/x' } }),
      rtspBody({ source: { type: 'onvif', url: 'rtsp://10.0.0.1/x' } }),
      rtspBody({ source: 'rtsp://10.0.0.1/x' }),
      rtspBody({ retentionDays: 0 }),
      rtspBody({ retentionDays: -5 }),
      rtspBody({ retentionDays: 2.5 }),
      rtspBody({ name: 'x'.repeat(81) }),
      rtspBody({ name: '   ' }),
      rtspBody({ recordingMode: 'sometimes' }),
      rtspBody({ admin: true }),
      { name: 'No source', recordingMode: 'continuous' },
    ];
    const before = await countRows(t.databaseUrl, ['cameras']);
    for (const body of cases) {
      const res = await create(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const err = errorOf(res);
      expect(err.code).toBe('invalid-argument');
      expect(Object.keys(err.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const cam = (await create(owner.token, rtspBody({ name: 'Stable' }))).json();
    const stored = await row(cam.id);
    for (const patch of [
      { workspaceId: stranger.workspace.id },
      { status: 'online' },
      { retentionDays: 0 },
      { name: '' },
    ]) {
      const res = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
    }
    expect(await row(cam.id)).toEqual(stored);
    expect((await countRows(t.databaseUrl, ['cameras'])).cameras).toBe((before.cameras ?? 0) + 1);
  });

  it('a user name or password with a line break (header injection into RTSP) → 400 naming the field, nothing written', async () => {
    const evil = 'a\r\nX-Evil: 1';
    const before = await countRows(t.databaseUrl, ['cameras']);
    for (const [field, source] of [
      ['user name', { type: 'rtsp', url: 'rtsp://10.0.0.9/x', username: evil, password: PASSWORD }],
      ['password', { type: 'rtsp', url: 'rtsp://10.0.0.9/x', username: 'admin', password: evil }],
      ['user name', { type: 'rtsp', url: 'rtsp://10.0.0.9/x', username: 'ad\u001b[2Jmin' }],
    ] as const) {
      const res = await create(owner.token, rtspBody({ source }));
      expect(res.statusCode).toBe(400);
      const err = errorOf(res);
      expect(err.code).toBe('invalid-argument');
      expect(err.fields, res.body).toEqual({
        source: `the ${field} must not contain control characters (line breaks, tabs)`,
      });
    }
    expect(await countRows(t.databaseUrl, ['cameras'])).toEqual(before);
    const cam = (await create(owner.token, rtspBody({ name: 'Clean' }))).json();
    const stored = await row(cam.id);
    const patch = await api(owner.token, 'PATCH', `/api/v1/cameras/${cam.id}`, {
      source: { type: 'rtsp', url: 'rtsp://10.0.0.9/x', username: evil },
    });
    expect(patch.statusCode).toBe(400);
    expect(errorOf(patch).code).toBe('invalid-argument');
    expect(errorOf(patch).fields?.source).toMatch(/^the user name must not/);
    expect(await row(cam.id)).toEqual(stored);
  });

  it('a viewer can list but not create, change or probe (403)', async () => {
    const list = await api(viewer.token, 'GET', '/api/v1/cameras');
    expect(list.statusCode).toBe(200);
    const before = await countRows(t.databaseUrl, ['cameras']);
    const denied = await create(viewer.token, rtspBody());
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('permission-denied');
    const probe = await api(viewer.token, 'POST', '/api/v1/cameras/probe', { source: { type: 'test-pattern' } });
    expect(probe.statusCode).toBe(403);
    expect(await countRows(t.databaseUrl, ['cameras'])).toEqual(before);
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/cameras' });
    expect(anon.statusCode).toBe(401);
  });
  it('the list pages by name with its cursor, shows each camera as GET does (armed by its schedule) and the quota on every page, an empty one too', async () => {
    const lister = await signUp(t.app, { displayName: 'Lister' });
    const always = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' }));
    const schedule = await api(lister.token, 'POST', '/api/v1/schedules', { name: 'Always', ranges: always });
    expect(schedule.statusCode).toBe(201);
    const ids: Record<string, string> = {};
    for (const name of ['Cam B', 'cam a']) {
      const made = await create(lister.token, rtspBody({ name }));
      expect(made.statusCode, made.body).toBe(201);
      ids[name] = made.json().id;
      const scheduled = await api(lister.token, 'PATCH', `/api/v1/cameras/${ids[name]}`, {
        scheduleId: schedule.json().id,
      });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
    }
    const list = (query: string) => api(lister.token, 'GET', `/api/v1/cameras?${query}`);
    const first = (await list('orderBy=name&limit=1')).json();
    expect(first.items.map((c: { name: string }) => c.name)).toEqual(['cam a']);
    expect(first.quota).toMatchObject({ used: 2 });
    expect(first.items[0]).toEqual((await api(lister.token, 'GET', `/api/v1/cameras/${ids['cam a']}`)).json());
    expect(first.items[0]).toMatchObject({ armed: true, scheduleId: schedule.json().id });
    const second = (await list(`orderBy=name&limit=1&startAfter=${first.nextCursor}`)).json();
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(['Cam B']);
    expect(second.nextCursor).toBeNull();
    expect(second.quota).toEqual(first.quota);
    const none = (
      await list(`where=${encodeURIComponent(JSON.stringify([{ field: 'status', op: '==', value: 'online' }]))}`)
    ).json();
    expect(none).toEqual({ items: [], nextCursor: null, quota: first.quota });
  });
});
