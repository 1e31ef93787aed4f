import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  bearer,
  createTestApp,
  createTestPatternCamera,
  signUp,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/harness.ts';
import { errorOf, getMe, signIn, waitForMail, withPg } from '../../../test/helpers.ts';

/** Invitations, members, the switcher and ownership, through the API on a real database. */
describe('team', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** Invites `email` and returns the token from the mailed link. */
  async function invite(ownerToken: string, email: string, role = 'operator') {
    const res = await post(ownerToken, '/api/v1/team/invitations', { email, role });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await waitForMail(
      t.databaseUrl,
      email,
      (m) => m.text.includes(res.json().id) || m.text.includes('/invite?token='),
    );
    const token = decodeURIComponent(/\/invite\?token=([^\s]+)/.exec(mail.text)![1]!);
    return { invitation: res.json(), token };
  }

  async function counts() {
    return withPg(t.databaseUrl, async (c) => {
      const r = await c.query(
        'select (select count(*) from memberships)::int m, (select count(*) from invitations)::int i, (select count(*) from users)::int u',
      );
      return r.rows[0] as { m: number; i: number; u: number };
    });
  }

  it('an invited person signs up from the link, joins as operator, sees the cameras and cannot add one', async () => {
    const owner = await signUp(t.app);
    const cam = await createTestPatternCamera(t.app, owner.token, 'Front door');
    const email = uniqueEmail('op');
    const { invitation, token } = await invite(owner.token, email);
    expect(invitation).toMatchObject({ email, role: 'operator' });
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/v1/team/invitations/preview?token=${encodeURIComponent(token)}`,
    });
    expect(preview.json()).toMatchObject({ email, role: 'operator', accountExists: false });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: uniqueAddress(),
      payload: { email, password: 'secret123', displayName: 'Olga Operator', invitationToken: token },
    });
    expect(res.statusCode, res.body).toBe(201);
    const op = res.json();
    expect(op.user.role).toBe('operator');
    expect(op.workspace.id).toBe(owner.workspace.id);
    // The workspace's plan, not a trial of their own.
    expect(op.user.plan).toBe(owner.user.plan);

    const list = await get(op.token, '/api/v1/cameras');
    expect(list.json().items.map((c: { id: string }) => c.id)).toEqual([cam]);
    const add = await post(op.token, '/api/v1/cameras', { name: 'Mine', source: { type: 'test-pattern' } });
    expect(add.statusCode).toBe(403);

    // The link worked once.
    const again = await post(op.token, '/api/v1/team/invitations/accept', { token });
    expect(errorOf(again)).toMatchObject({ code: 'failed-precondition', message: 'This invitation was already used.' });

    const members = await get(owner.token, '/api/v1/team/members');
    expect(members.json().items.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.user.email, 'owner'],
      [email, 'operator'],
    ]);
  });

  it('an existing account accepts, switches back and forth, and new sign-ins open where it was last', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { token } = await invite(owner.token, other.user.email, 'viewer');
    const accepted = await post(other.token, '/api/v1/team/invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ workspaceId: owner.workspace.id, role: 'viewer' });
    const me = (await getMe(t.app, other.token)).json();
    expect(me.workspace.id).toBe(owner.workspace.id);
    expect(me.user.role).toBe('viewer');

    const ws = (await get(other.token, '/api/v1/team/workspaces')).json().items;
    expect(ws).toHaveLength(2);
    expect(ws.find((w: { current: boolean }) => w.current).id).toBe(owner.workspace.id);

    const back = await post(other.token, '/api/v1/team/switch', { workspaceId: other.workspace.id });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ workspace: { id: other.workspace.id }, user: { role: 'user' } });
    await post(other.token, '/api/v1/team/switch', { workspaceId: owner.workspace.id });
    const fresh = await signIn(t.app, other.user.email, 'secret123', uniqueAddress());
    expect(fresh.json().workspace.id).toBe(owner.workspace.id);

    // A workspace they do not belong to is not there.
    const stranger = await signUp(t.app);
    const bad = await post(other.token, '/api/v1/team/switch', { workspaceId: stranger.workspace.id });
    expect(bad.statusCode).toBe(404);
  });

  it('bad input: existing member, invalid email, a role above your own, expired link, a second pending invite — nothing written', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const { token } = await invite(owner.token, member.user.email, 'manager');
    await post(member.token, '/api/v1/team/invitations/accept', { token });
    const before = await counts();

    const existing = await post(owner.token, '/api/v1/team/invitations', { email: member.user.email, role: 'viewer' });
    expect(existing.statusCode).toBe(409);
    expect(errorOf(existing).message).toContain('already a member');

    const invalid = await post(owner.token, '/api/v1/team/invitations', { email: 'not-an-email', role: 'viewer' });
    expect(errorOf(invalid).code).toBe('invalid-argument');
    for (const role of ['admin', 'owner', 'superuser']) {
      const above = await post(member.token, '/api/v1/team/invitations', { email: uniqueEmail(), role });
      expect(errorOf(above)).toMatchObject({ code: 'permission-denied' });
    }
    expect(await counts()).toEqual(before);

    const email = uniqueEmail();
    const first = await invite(owner.token, email, 'viewer');
    const twice = await post(owner.token, '/api/v1/team/invitations', { email, role: 'viewer' });
    expect(twice.statusCode).toBe(409);
    await withPg(t.databaseUrl, (c) =>
      c.query(`update invitations set expires_at = now() - interval '1 second' where id = $1`, [first.invitation.id]),
    );
    const late = await signUp(t.app);
    const expired = await post(late.token, '/api/v1/team/invitations/accept', { token: first.token });
    expect(errorOf(expired)).toMatchObject({
      code: 'failed-precondition',
      message: 'This invitation has expired. Ask for a new one.',
    });
    const bogus = await post(late.token, '/api/v1/team/invitations/accept', { token: 'x'.repeat(43) });
    expect(errorOf(bogus).code).toBe('not-found');
    // Signing up with another address than the invited one is refused, and no account is made.
    const second = await invite(owner.token, uniqueEmail(), 'viewer');
    const users = (await counts()).u;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: 'secret123', displayName: 'X', invitationToken: second.token },
    });
    expect(errorOf(wrong).code).toBe('invalid-argument');
    expect((await counts()).u).toBe(users);
  });

  it('resend gives a new link (the old one dies); revoke ends it at once', async () => {
    const owner = await signUp(t.app);
    const email = uniqueEmail();
    const { invitation, token } = await invite(owner.token, email, 'viewer');
    const resent = await post(owner.token, `/api/v1/team/invitations/${invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const mail = await waitForMail(t.databaseUrl, email, (m) => !m.text.includes(encodeURIComponent(token)));
    const newToken = decodeURIComponent(/\/invite\?token=([^\s]+)/.exec(mail.text)![1]!);
    const someone = await signUp(t.app);
    expect((await post(someone.token, '/api/v1/team/invitations/accept', { token })).statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/invitations/${invitation.id}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(204);
    const revoked = await post(someone.token, '/api/v1/team/invitations/accept', { token: newToken });
    expect(errorOf(revoked)).toMatchObject({ code: 'failed-precondition', message: 'This invitation was withdrawn.' });
    expect((await get(owner.token, '/api/v1/team/invitations')).json().items).toEqual([]);
  });

  it('roles change, members leave with their sessions; the owner is never removed or demoted', async () => {
    const owner = await signUp(t.app);
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await post(a.token, '/api/v1/team/invitations/accept', {
      token: (await invite(owner.token, a.user.email, 'manager')).token,
    });
    await post(b.token, '/api/v1/team/invitations/accept', {
      token: (await invite(owner.token, b.user.email, 'viewer')).token,
    });
    const patch = (token: string, uid: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/team/members/${uid}`, headers: bearer(token), payload });

    const promoted = await patch(a.token, b.user.uid, { role: 'operator' });
    expect(promoted.json()).toMatchObject({ role: 'operator' });
    expect((await getMe(t.app, b.token)).json().user.role).toBe('operator');

    expect(errorOf(await patch(a.token, owner.user.uid, { role: 'viewer' })).code).toBe('failed-precondition');
    expect(errorOf(await patch(owner.token, owner.user.uid, { role: 'viewer' })).code).toBe('failed-precondition');
    const delOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${owner.user.uid}`,
      headers: bearer(a.token),
    });
    expect(errorOf(delOwner).code).toBe('failed-precondition');
    // A manager changes operators and viewers, not other managers.
    const c = await signUp(t.app);
    await post(c.token, '/api/v1/team/invitations/accept', {
      token: (await invite(owner.token, c.user.email, 'manager')).token,
    });
    expect(errorOf(await patch(a.token, c.user.uid, { role: 'viewer' })).code).toBe('permission-denied');

    // Camera limits name cameras of this workspace only.
    const foreignCam = await createTestPatternCamera(t.app, (await signUp(t.app)).token, 'Elsewhere');
    const badScope = await patch(owner.token, b.user.uid, { cameraIds: [foreignCam] });
    expect(errorOf(badScope)).toMatchObject({ code: 'invalid-argument' });
    const ownCam = await createTestPatternCamera(t.app, owner.token, 'Hall');
    const scoped = await patch(owner.token, b.user.uid, { cameraIds: [ownCam, ownCam] });
    expect(scoped.json()).toMatchObject({ cameraIds: [ownCam] });
    // Another workspace's member is not there to change or remove.
    const strangerWs = await signUp(t.app);
    expect((await patch(owner.token, strangerWs.user.uid, { role: 'viewer' })).statusCode).toBe(404);
    const delStranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${strangerWs.user.uid}`,
      headers: bearer(owner.token),
    });
    expect(delStranger.statusCode).toBe(404);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${b.user.uid}`,
      headers: bearer(a.token),
    });
    expect(del.statusCode).toBe(204);
    // Their session in this workspace ended at once; they still sign in to their own.
    expect((await getMe(t.app, b.token)).statusCode).toBe(401);
    const back = await signIn(t.app, b.user.email, 'secret123', uniqueAddress());
    expect(back.json().workspace.id).toBe(b.workspace.id);
  });

  it('ownership moves to a manager (password confirmed); a member who joined by invitation and is removed gets a workspace of their own', async () => {
    const owner = await signUp(t.app);
    const email = uniqueEmail('mgr');
    const { token } = await invite(owner.token, email, 'manager');
    const mgr = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        remoteAddress: uniqueAddress(),
        payload: { email, password: 'secret123', displayName: 'Max Manager', invitationToken: token },
      })
    ).json();
    const wrong = await post(owner.token, '/api/v1/team/ownership', { userId: mgr.user.uid, password: 'nope' });
    expect(errorOf(wrong).code).toBe('auth/wrong-password');
    const moved = await post(owner.token, '/api/v1/team/ownership', { userId: mgr.user.uid, password: 'secret123' });
    expect(moved.statusCode, moved.body).toBe(204);
    const now = (await getMe(t.app, mgr.token)).json();
    expect(now.workspace.ownerId).toBe(mgr.user.uid);
    expect(now.user.role).toBe('user');
    expect((await getMe(t.app, owner.token)).json().user.role).toBe('manager');
    // The new owner can remove the former one, who then works in a new workspace of their own.
    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${owner.user.uid}`,
      headers: bearer(mgr.token),
    });
    expect(out.statusCode).toBe(204);
    const again = (await signIn(t.app, owner.user.email, 'secret123', uniqueAddress())).json();
    expect(again.workspace.id).not.toBe(owner.workspace.id);
    expect(again.workspace.ownerId).toBe(owner.user.uid);
    // A manager who owns a workspace cannot be handed another.
    const other = await signUp(t.app);
    await post(other.token, '/api/v1/team/invitations/accept', {
      token: (await invite(mgr.token, other.user.email, 'manager')).token,
    });
    const refused = await post(mgr.token, '/api/v1/team/ownership', { userId: other.user.uid, password: 'secret123' });
    expect(errorOf(refused).code).toBe('failed-precondition');
  });
  it('the team’s changes, sign-ins and API keys are in the owner’s audit log, and the chain verifies', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    await post(member.token, '/api/v1/team/invitations/accept', {
      token: (await invite(owner.token, member.user.email, 'viewer')).token,
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/team/members/${member.user.uid}`,
      headers: bearer(owner.token),
      payload: { role: 'operator' },
    });
    const key = await post(owner.token, '/api/v1/api-keys', { name: 'Door sensor', role: 'viewer' });
    expect((await get(key.json().key, '/api/v1/cameras')).statusCode).toBe(200);
    await signIn(t.app, member.user.email, 'secret123', uniqueAddress());
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${member.user.uid}`,
      headers: bearer(owner.token),
    });
    const log = (await get(owner.token, '/api/v1/audit?limit=100')).json();
    const actions = log.items.map((e: { action: string }) => e.action);
    for (const a of [
      'member.invited',
      'member.joined',
      'member.role-changed',
      'api-key.created',
      'api-key.used',
      'sign-in.succeeded',
      'member.removed',
    ])
      expect(actions, a).toContain(a);
    const verified = (await post(owner.token, '/api/v1/audit/verify')).json();
    expect(verified).toMatchObject({ ok: true, brokenAt: null });
  });
});
