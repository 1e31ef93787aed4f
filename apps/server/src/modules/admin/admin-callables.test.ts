import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, callFn, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, getMe, resetTokenFor, signIn, withPg } from '../../../test/helpers.ts';

const NIL_UUID = '00000000-0000-4000-8000-000000000000';

describe('admin callables (POST /api/fn/<name>) and the outbox', () => {
  let t: TestApp;
  let admin: AuthResult;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Root Admin' });
    expect(admin.user.role).toBe('admin');
  });
  afterAll(() => t.close());

  const callableError = (status: string, code: string, message?: string) => ({
    error: { status, message: message ?? expect.any(String), details: { code } },
  });

  /** A person in someone else's workspace who owns none (what an invitation will make). */
  async function member() {
    const owner = await signUp(t.app);
    const person = await signUp(t.app);
    await withPg(t.databaseUrl, async (c) => {
      await c.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'viewer')`, [
        owner.workspace.id,
        person.user.uid,
      ]);
      await c.query('update sessions set workspace_id = $2 where user_id = $1', [person.user.uid, owner.workspace.id]);
      await c.query('update users set workspace_id = $2 where id = $1', [person.user.uid, owner.workspace.id]);
      await c.query('delete from workspaces where id = $1', [person.workspace.id]);
    });
    return person;
  }

  it('admin.setUserRole changes the role: the result has it and the user’s GET /me shows it', async () => {
    const target = await member();
    const res = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: target.user.uid, role: 'operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ uid: target.user.uid, role: 'operator', email: target.user.email });
    expect((await getMe(t.app, target.token)).json().user.role).toBe('operator');
  });

  it('a workspace owner cannot be made a viewer or operator: nobody would be left to manage it', async () => {
    const owner = await signUp(t.app);
    for (const role of ['viewer', 'operator']) {
      const res = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: owner.user.uid, role });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.code).toBe('failed-precondition');
      expect(res.json().error.message).toMatch(/owns a workspace/);
    }
    expect((await getMe(t.app, owner.token)).json().user.role).toBe('user');
    // Managing roles stay possible for an owner.
    const manager = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: owner.user.uid, role: 'manager' });
    expect(manager.statusCode).toBe(200);
  });

  it('a promoted admin may use the admin API; a demoted one may not', async () => {
    const target = await member();
    const listAs = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(token) });
    expect((await listAs(target.token)).statusCode).toBe(403);
    await callFn(t.app, admin.token, 'admin.setUserRole', { uid: target.user.uid, role: 'admin' });
    expect((await listAs(target.token)).statusCode).toBe(200);
    await callFn(t.app, admin.token, 'admin.setUserRole', { uid: target.user.uid, role: 'viewer' });
    expect((await listAs(target.token)).statusCode).toBe(403);
  });

  it('admin.setUserDisabled: the token dies at once, sign-in → 403; re-enabling lets sign-in work again', async () => {
    const target = await signUp(t.app);
    const off = await callFn(t.app, admin.token, 'admin.setUserDisabled', { uid: target.user.uid, disabled: true });
    expect(off.statusCode).toBe(200);
    expect(off.json().result).toMatchObject({ uid: target.user.uid, disabled: true });

    const me = await getMe(t.app, target.token);
    expect(me.statusCode).toBe(401);
    expect(errorOf(me).code).toBe('auth/unauthenticated');
    const refused = await signIn(t.app, target.user.email, 'secret123', '10.1.0.1');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('permission-denied');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: target.user.email },
    });
    expect(reset.statusCode).toBe(202);

    const on = await callFn(t.app, admin.token, 'admin.setUserDisabled', { uid: target.user.uid, disabled: false });
    expect(on.json().result.disabled).toBe(false);
    const back = await signIn(t.app, target.user.email, 'secret123', '10.1.0.1');
    expect(back.statusCode).toBe(200);
    expect((await getMe(t.app, back.json().token)).statusCode).toBe(200);
    expect((await getMe(t.app, target.token)).statusCode).toBe(401); // old sessions stay ended
  });

  it('an admin cannot disable or demote themself → FAILED_PRECONDITION, nothing changes', async () => {
    const disable = await callFn(t.app, admin.token, 'admin.setUserDisabled', { uid: admin.user.uid, disabled: true });
    expect(disable.statusCode).toBe(400);
    expect(disable.json()).toEqual(callableError('FAILED_PRECONDITION', 'failed-precondition'));
    const demote = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: admin.user.uid, role: 'user' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual(callableError('FAILED_PRECONDITION', 'failed-precondition'));
    const me = (await getMe(t.app, admin.token)).json().user;
    expect(me).toMatchObject({ role: 'admin', disabled: false });
  });

  it('a non-admin calling them → 403 PERMISSION_DENIED with the catalogue message, nothing changes', async () => {
    const caller = await signUp(t.app);
    const victim = await signUp(t.app);
    for (const [name, data] of [
      ['admin.setUserRole', { uid: caller.user.uid, role: 'admin' }],
      ['admin.setUserDisabled', { uid: victim.user.uid, disabled: true }],
    ] as const) {
      const res = await callFn(t.app, caller.token, name, data);
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toEqual(
        callableError('PERMISSION_DENIED', 'permission-denied', 'You do not have permission to perform this action.'),
      );
    }
    expect((await getMe(t.app, caller.token)).json().user.role).toBe('user');
    expect((await getMe(t.app, victim.token)).statusCode).toBe(200);
  });

  it('signed out → 401 UNAUTHENTICATED; unknown name → 404 NOT_FOUND; an unknown uid → 404 NOT_FOUND', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/fn/admin.setUserRole', payload: { data: {} } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual(callableError('UNAUTHENTICATED', 'auth/unauthenticated', 'No authenticated user'));
    const unknown = await callFn(t.app, admin.token, 'admin.nope', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(callableError('NOT_FOUND', 'not-found'));
    const ghost = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: NIL_UUID, role: 'viewer' });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual(callableError('NOT_FOUND', 'not-found'));
  });

  it('bad data → 400 INVALID_ARGUMENT', async () => {
    const target = await signUp(t.app);
    const bad: unknown[] = [
      undefined,
      null,
      'x',
      { uid: 'not-a-uuid', role: 'viewer' },
      { uid: target.user.uid, role: 'superuser' },
      { uid: target.user.uid },
      { uid: target.user.uid, disabled: 'yes' },
    ];
    for (const data of bad) {
      const name =
        data && typeof data === 'object' && 'disabled' in data ? 'admin.setUserDisabled' : 'admin.setUserRole';
      const res = await callFn(t.app, admin.token, name, data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json(), JSON.stringify(data)).toEqual(callableError('INVALID_ARGUMENT', 'invalid-argument'));
    }
    const noEnvelope = await t.app.inject({
      method: 'POST',
      url: '/api/fn/admin.setUserRole',
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(noEnvelope.statusCode).toBe(400);
    expect(noEnvelope.json().error.status).toBe('INVALID_ARGUMENT');
    expect((await getMe(t.app, target.token)).json().user.role).toBe('user');
  });

  it('GET /api/v1/admin/outbox lists the reset mails (admin only)', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await resetTokenFor(t.app, t.databaseUrl, a.user.email);
    await resetTokenFor(t.app, t.databaseUrl, b.user.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const items: { to: string; subject: string; text: string; transport: string }[] = res.json().items;
    expect(items.slice(0, 2).map((m) => m.to)).toEqual([b.user.email, a.user.email]);
    for (const m of items.slice(0, 2)) {
      expect(m).toMatchObject({ subject: 'Reset your Vigil password', transport: 'outbox' });
      expect(m.text).toMatch(/\/auth\/reset\?token=\S+/);
    }
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox',
      query: { where: JSON.stringify([{ field: 'to', op: '==', value: a.user.email }]) },
      headers: bearer(admin.token),
    });
    expect(filtered.json().items.map((m: { to: string }) => m.to)).toEqual([a.user.email]);
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(a.token) });
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe('permission-denied');
  });
});
