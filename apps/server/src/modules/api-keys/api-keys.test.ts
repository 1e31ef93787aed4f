import { createHash } from 'node:crypto';
import { createDb } from '@vigil/db';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, joinWorkspace } from '../../../test/api-keys-world.ts';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { countRows, errorOf, setRoleInDb, withPg } from '../../../test/helpers.ts';
import { createApiKeysService } from './api-keys.service.ts';

/** API keys: made by owners and managers, shown once, stored hashed, a bearer with its role in its workspace. */
describe('API keys', () => {
  let t: TestApp;
  let admin: AuthResult;
  let owner: AuthResult;
  let other: AuthResult;
  let ownCamera: string;
  let foreignCamera: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const keyRow = (id: string) =>
    withPg(t.databaseUrl, async (c) => (await c.query('select * from api_keys where id = $1', [id])).rows[0]);
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Admin' }); // first account: the installation admin
    owner = await signUp(t.app, { displayName: 'Owner' });
    other = await signUp(t.app, { displayName: 'Other tenant' });
    ownCamera = await createTestPatternCamera(t.app, owner.token, 'Front door');
    foreignCamera = await createTestPatternCamera(t.app, other.token, 'Not yours');
  });
  afterAll(() => t.close());

  it('is shown once, stored as its SHA-256, and listed without it', async () => {
    const created = await call('POST', '/api/v1/api-keys', owner.token, {
      name: 'Alarm panel',
      role: 'viewer',
      expiresAt: inDays(30),
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.key).toMatch(/^vgk_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ name: 'Alarm panel', role: 'viewer', prefix: body.key.slice(0, 12), expired: false });
    expect(body.createdBy).toEqual({ uid: owner.user.uid, displayName: 'Owner' });

    const row = await keyRow(body.id);
    expect(row.key_hash).toBe(createHash('sha256').update(body.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.key.slice(12));

    const list = await call('GET', '/api/v1/api-keys', owner.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.key.slice(12));
    const item = list.json().items.find((k: { id: string }) => k.id === body.id);
    expect(item).toMatchObject({ name: 'Alarm panel', role: 'viewer', prefix: body.prefix, lastUsedAt: null });
    expect(item).not.toHaveProperty('key');
    // Another workspace's owner sees none of it.
    const foreign = await call('GET', '/api/v1/api-keys', other.token);
    expect(foreign.json().items.map((k: { id: string }) => k.id)).not.toContain(body.id);
  });

  it('works as a bearer with its role in its workspace only, and records its last use', async () => {
    const { id, key } = await createKey(t.app, owner.token, { name: 'NVR sync', role: 'viewer' });
    const cams = await call('GET', '/api/v1/cameras', key);
    expect(cams.statusCode, cams.body).toBe(200);
    expect(cams.json().items.map((c: { id: string }) => c.id)).toEqual([ownCamera]);
    expect((await call('GET', `/api/v1/cameras/${ownCamera}`, key)).statusCode).toBe(200);
    const foreign = await call('GET', `/api/v1/cameras/${foreignCamera}`, key);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('not-found');

    const me = await call('GET', '/api/v1/me', key);
    expect(me.json().user).toMatchObject({ uid: owner.user.uid, role: 'viewer' });
    expect(me.json().workspace.id).toBe(owner.workspace.id);

    const used = await keyRow(id);
    expect(used.last_used_at).toBeInstanceOf(Date);
    expect(used.last_used_ip).toBe('127.0.0.1');
    // Within the minute, further use writes nothing.
    await call('GET', '/api/v1/cameras', key);
    expect((await keyRow(id)).updated_at).toEqual(used.updated_at);
  });

  it('a viewer key cannot add a camera; a manager key can, in the key’s workspace', async () => {
    const viewer = await createKey(t.app, owner.token, { name: 'Viewer key', role: 'viewer' });
    const manager = await createKey(t.app, owner.token, { name: 'Manager key', role: 'manager' });
    const body = { name: 'By key', source: { type: 'test-pattern' }, recordingMode: 'off' };
    const refused = await call('POST', '/api/v1/cameras', viewer.key, body);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('permission-denied');
    const made = await call('POST', '/api/v1/cameras', manager.key, body);
    expect(made.statusCode, made.body).toBe(201);
    const listed = await call('GET', '/api/v1/cameras', owner.token);
    expect(listed.json().items.map((c: { id: string }) => c.id)).toContain(made.json().id);
    await call('DELETE', `/api/v1/cameras/${made.json().id}`, owner.token);
  });

  it('an expired key is refused (401)', async () => {
    const { id, key } = await createKey(t.app, owner.token, {
      name: 'Short-lived',
      role: 'viewer',
      expiresAt: inDays(1),
    });
    expect((await call('GET', '/api/v1/cameras', key)).statusCode).toBe(200);
    await withPg(t.databaseUrl, (c) =>
      c.query(`update api_keys set expires_at = now() - interval '1 second' where id = $1`, [id]),
    );
    const res = await call('GET', '/api/v1/cameras', key);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('auth/unauthenticated');
    const listed = (await call('GET', '/api/v1/api-keys', owner.token)).json().items;
    expect(listed.find((k: { id: string }) => k.id === id)).toMatchObject({ expired: true });
  });

  it('a revoked key is refused at once; revoking is scoped to the workspace', async () => {
    const { id, key } = await createKey(t.app, owner.token, { name: 'To revoke', role: 'operator' });
    expect((await call('GET', '/api/v1/cameras', key)).statusCode).toBe(200);
    const foreign = await call('DELETE', `/api/v1/api-keys/${id}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/v1/cameras', key)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/api-keys/${id}`, owner.token)).statusCode).toBe(204);
    const after = await call('GET', '/api/v1/cameras', key);
    expect(after.statusCode).toBe(401);
    expect((await call('DELETE', `/api/v1/api-keys/${id}`, owner.token)).statusCode).toBe(404);
    const listed = (await call('GET', '/api/v1/api-keys', owner.token)).json().items;
    expect(listed.map((k: { id: string }) => k.id)).not.toContain(id);
    // Revoked, its name is free again.
    await createKey(t.app, owner.token, { name: 'To revoke', role: 'viewer' });
  });

  it('only owners and managers make keys; operators and viewers are refused', async () => {
    const viewer = await signUp(t.app);
    await setRoleInDb(t.databaseUrl, viewer.user.uid, 'viewer');
    const operator = await signUp(t.app);
    await joinWorkspace(t.databaseUrl, { uid: operator.user.uid, workspaceId: owner.workspace.id, role: 'operator' });
    for (const token of [viewer.token, operator.token]) {
      const res = await call('POST', '/api/v1/api-keys', token, { name: 'Mine', role: 'viewer' });
      expect(res.statusCode).toBe(403);
      expect((await call('GET', '/api/v1/api-keys', token)).statusCode).toBe(403);
    }
    // A manager of the workspace may, and the key is the workspace's.
    const manager = await signUp(t.app, { displayName: 'Manager' });
    await joinWorkspace(t.databaseUrl, { uid: manager.user.uid, workspaceId: owner.workspace.id, role: 'manager' });
    const made = await createKey(t.app, manager.token, { name: 'By the manager', role: 'manager' });
    expect((await keyRow(made.id)).workspace_id).toBe(owner.workspace.id);
    const listed = (await call('GET', '/api/v1/api-keys', owner.token)).json().items;
    expect(listed.find((k: { id: string }) => k.id === made.id)?.createdBy.displayName).toBe('Manager');
  });

  it('never acts above its creator: an admin’s key is a manager key, a demoted creator’s key follows them down', async () => {
    const adminKey = await createKey(t.app, admin.token, { name: 'Admin key', role: 'manager' });
    expect((await call('GET', '/api/v1/admin/users', adminKey.key)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/users', admin.token)).statusCode).toBe(200);

    const manager = await signUp(t.app);
    await joinWorkspace(t.databaseUrl, { uid: manager.user.uid, workspaceId: owner.workspace.id, role: 'manager' });
    const key = await createKey(t.app, manager.token, { name: 'Demoted', role: 'manager' });
    const body = { name: 'By a demoted key', source: { type: 'test-pattern' }, recordingMode: 'off' };
    await joinWorkspace(t.databaseUrl, { uid: manager.user.uid, workspaceId: owner.workspace.id, role: 'viewer' });
    expect((await call('GET', '/api/v1/cameras', key.key)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/cameras', key.key, body)).statusCode).toBe(403);
  });

  it('ends with its creator: removed from the workspace or disabled, the key resolves to nothing', async () => {
    const removed = await signUp(t.app);
    await joinWorkspace(t.databaseUrl, { uid: removed.user.uid, workspaceId: owner.workspace.id, role: 'manager' });
    const k1 = await createKey(t.app, removed.token, { name: 'Removed creator', role: 'viewer' });
    expect((await call('GET', '/api/v1/cameras', k1.key)).statusCode).toBe(200);
    await withPg(t.databaseUrl, (c) =>
      c.query('delete from memberships where workspace_id = $1 and user_id = $2', [
        owner.workspace.id,
        removed.user.uid,
      ]),
    );
    expect((await call('GET', '/api/v1/cameras', k1.key)).statusCode).toBe(401);

    const disabled = await signUp(t.app);
    const k2 = await createKey(t.app, disabled.token, { name: 'Disabled creator', role: 'viewer' });
    expect((await call('GET', '/api/v1/cameras', k2.key)).statusCode).toBe(200);
    await withPg(t.databaseUrl, (c) =>
      c.query('update users set disabled_at = now() where id = $1', [disabled.user.uid]),
    );
    expect((await call('GET', '/api/v1/cameras', k2.key)).statusCode).toBe(401);
  });

  it('carries its creator’s camera limits (what the per-member camera filter reads)', async () => {
    const limited = await signUp(t.app);
    await joinWorkspace(t.databaseUrl, {
      uid: limited.user.uid,
      workspaceId: owner.workspace.id,
      role: 'manager',
      cameraIds: [ownCamera],
    });
    const { id, key } = await createKey(t.app, limited.token, { name: 'Limited', role: 'viewer' });
    const { db, pool } = createDb(t.databaseUrl, 1);
    try {
      const caller = await createApiKeysService({ db }).resolve(key, { ip: '198.51.100.7' });
      expect(caller).toMatchObject({
        apiKeyId: id,
        membership: { role: 'viewer', cameraIds: [ownCamera] },
        user: { id: limited.user.uid, workspaceId: owner.workspace.id, role: 'viewer' },
        workspace: { id: owner.workspace.id },
        homeWorkspaceId: limited.workspace.id,
      });
      expect((await keyRow(id)).last_used_ip).toBe('198.51.100.7');
    } finally {
      await pool.end();
    }
  });

  it('is refused where a person is needed', async () => {
    const { key } = await createKey(t.app, owner.token, { name: 'Integration', role: 'manager' });
    const refused: [string, string, unknown?][] = [
      ['POST', '/api/v1/api-keys', { name: 'Child', role: 'viewer' }],
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/auth/password', { currentPassword: 'secret123', newPassword: 'another123' }],
      ['POST', '/api/v1/auth/sign-out'],
      ['PATCH', '/api/v1/me', { displayName: 'Renamed by a key' }],
      ['GET', '/api/v1/realtime?topics=cameras'],
      ['POST', `/api/v1/cameras/${ownCamera}/live-ticket`],
    ];
    for (const [method, url, payload] of refused) {
      const res = await call(method as 'GET', url, key, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(res).message).toMatch(/API keys cannot/);
    }
    // Still a key: nothing above ended it.
    expect((await call('GET', '/api/v1/cameras', key)).statusCode).toBe(200);
  });

  it('works as a bearer only, not as the session cookie', async () => {
    const { key } = await createKey(t.app, owner.token, { name: 'Cookie', role: 'viewer' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/cameras', cookies: { vigil_session: key } });
    expect(res.statusCode).toBe(401);
    // Made-up and malformed keys are simply unauthenticated.
    for (const bad of ['vgk_', 'vgk_nope', `vgk_${'A'.repeat(43)}`, `vgk_${'x'.repeat(150)}`, key.toUpperCase()])
      expect((await call('GET', '/api/v1/cameras', bad)).statusCode, bad).toBe(401);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    await createKey(t.app, owner.token, { name: 'Taken', role: 'viewer' });
    const before = await countRows(t.databaseUrl, ['api_keys']);
    const cases: [unknown, string, string | RegExp][] = [
      [{ name: '', role: 'viewer' }, 'name', /required/],
      [{ name: '   ', role: 'viewer' }, 'name', /required/],
      [{ name: 'x'.repeat(81), role: 'viewer' }, 'name', /./],
      [{ name: 'Ok', role: 'admin' }, 'role', /manager, operator, viewer/],
      [{ name: 'Ok', role: 'owner' }, 'role', /manager, operator, viewer/],
      [{ name: 'Ok', role: 'viewer', expiresAt: 'tomorrow' }, 'expiresAt', /./],
      [{ name: 'Ok', role: 'viewer', expiresAt: inDays(-1) }, 'expiresAt', /future/],
      [{ name: 'Ok', role: 'viewer', expiresAt: inDays(3000) }, 'expiresAt', /at most/],
      [{ name: 'Ok', role: 'viewer', extra: 1 }, 'body', /./],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/v1/api-keys', owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('invalid-argument');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(error)).toContain(field);
      expect(error.fields?.[field]).toMatch(message);
    }
    const dup = await call('POST', '/api/v1/api-keys', owner.token, { name: 'TAKEN', role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(errorOf(dup)).toMatchObject({ code: 'already-exists', message: expect.stringMatching(/already exists/) });
    expect(await countRows(t.databaseUrl, ['api_keys'])).toEqual(before);
    expect((await call('DELETE', '/api/v1/api-keys/not-a-uuid', owner.token)).statusCode).toBe(400);
  });

  it('caps the live keys of a workspace', async () => {
    const small = await signUp(t.app);
    await withPg(t.databaseUrl, (c) =>
      c.query(
        `insert into api_keys (workspace_id, name, role, created_by, prefix, key_hash)
         select $1, 'k' || g, 'viewer', $2, 'vgk_x', md5(random()::text) || g from generate_series(1, 100) g`,
        [small.workspace.id, small.user.uid],
      ),
    );
    const res = await call('POST', '/api/v1/api-keys', small.token, { name: 'One too many', role: 'viewer' });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toMatchObject({ code: 'resource-exhausted', message: expect.stringMatching(/revoke one/) });
  });
});
