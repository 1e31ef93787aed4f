import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, getMe, joinWorkspace, withPg } from '../../../test/helpers.ts';

describe('camera limits and usage.camerasCount (the workspace owner’s document)', () => {
  let t: TestApp;

  const create = (token: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(token),
      payload: { name, source: { type: 'test-pattern' }, recordingMode: 'continuous' },
    });
  const remove = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/cameras/${id}`, headers: bearer(token) });
  const setMax = (uid: string, n: number) =>
    withPg(t.databaseUrl, (c) =>
      c.query(`update users set limits = jsonb_set(limits, '{maxCameras}', to_jsonb($2::int)) where id = $1`, [uid, n]),
    );
  const usage = async (token: string) => (await getMe(t.app, token)).json().user.usage.camerasCount as number;
  const cameraCount = (workspaceId: string) =>
    withPg(t.databaseUrl, async (c) => {
      const { rows } = await c.query('select count(*)::int as n from cameras where workspace_id = $1', [workspaceId]);
      return rows[0].n as number;
    });

  beforeAll(async () => {
    t = await createTestApp();
    // The first account is the installation's admin: the owners below are ordinary accounts.
    await signUp(t.app, { displayName: 'Admin' });
  });
  afterAll(() => t.close());

  it('maxCameras=2: the 3rd → 400 failed-precondition in the plan’s words (not a quota to retry); nothing written', async () => {
    const owner = await signUp(t.app);
    await setMax(owner.user.uid, 2);
    expect((await create(owner.token, 'One')).statusCode).toBe(201);
    expect((await create(owner.token, 'Two')).statusCode).toBe(201);
    const third = await create(owner.token, 'Three');
    expect(third.statusCode).toBe(400);
    expect(third.headers['retry-after']).toBeUndefined();
    expect(errorOf(third)).toMatchObject({
      code: 'failed-precondition',
      message: 'Your plan allows 2 cameras. Choose the Basic plan on the Upgrade page to lift it.',
    });
    expect(await cameraCount(owner.workspace.id)).toBe(2);
    expect(await usage(owner.token)).toBe(2);
  });

  it('on Basic as sold: ten cameras, then the 11th is refused in the plan’s words, naming the plan that lifts it', async () => {
    const owner = await signUp(t.app);
    const me = (await getMe(t.app, owner.token)).json().user;
    expect({ plan: me.plan, max: me.limits.maxCameras }).toEqual({ plan: 'basic', max: 10 });
    for (let n = 1; n <= 10; n++)
      expect((await create(owner.token, `Camera ${n}`)).statusCode, `camera ${n}`).toBe(201);
    const eleventh = await create(owner.token, 'Camera 11');
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.headers['retry-after']).toBeUndefined();
    const error = errorOf(eleventh);
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toMatch(
      /^Your plan allows 10 cameras\. Choose the \S.* plan on the Upgrade page to lift it\.$/,
    );
    expect(error.message).not.toMatch(/try again later/i);
    expect(await cameraCount(owner.workspace.id)).toBe(10);
  });

  it('usage.camerasCount is exact after creates and deletes; freeing a slot allows another', async () => {
    const owner = await signUp(t.app);
    await setMax(owner.user.uid, 3);
    const ids: string[] = [];
    for (const n of ['a', 'b', 'c']) ids.push((await create(owner.token, n)).json().id);
    expect(await usage(owner.token)).toBe(3);
    expect((await remove(owner.token, ids[0]!)).statusCode).toBe(204);
    expect(await usage(owner.token)).toBe(2);
    expect((await create(owner.token, 'd')).statusCode).toBe(201);
    expect(await usage(owner.token)).toBe(3);
    for (const id of ids.slice(1)) await remove(owner.token, id);
    expect(await usage(owner.token)).toBe(1);
    expect(await cameraCount(owner.workspace.id)).toBe(1);
  });

  it('5 concurrent creates with a limit of 3 → exactly 3 succeed and the count is 3', async () => {
    const owner = await signUp(t.app);
    await setMax(owner.user.uid, 3);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => create(owner.token, `Cam ${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 400, 400]);
    expect(await cameraCount(owner.workspace.id)).toBe(3);
    expect(await usage(owner.token)).toBe(3);
    // Concurrent deletes keep it exact too.
    const ids = results.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
    await Promise.all(ids.map((id) => remove(owner.token, id)));
    expect(await usage(owner.token)).toBe(0);
  });

  it('a manager of the workspace counts against the owner’s limit, and the owner’s usage moves', async () => {
    const owner = await signUp(t.app);
    await setMax(owner.user.uid, 1);
    const member = await signUp(t.app);
    // The member joins the owner's workspace as a manager (modules/team covers the invitation).
    await joinWorkspace(t.databaseUrl, member.user.uid, owner.workspace.id, 'manager');
    const made = await create(member.token, 'By manager');
    expect(made.statusCode).toBe(201);
    expect(made.json().workspaceId).toBe(owner.workspace.id);
    expect(await usage(owner.token)).toBe(1);
    // A member's document shows the workspace they work in: its plan and usage.
    expect(await usage(member.token)).toBe(1);
    const refused = await create(member.token, 'Too many');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'failed-precondition',
      message: 'Your plan allows 1 camera. Choose the Basic plan on the Upgrade page to lift it.',
    });
  });

  it('the list says the workspace’s cameras against the plan’s limit, to every member, before an add is refused', async () => {
    const owner = await signUp(t.app);
    await setMax(owner.user.uid, 2);
    const member = await signUp(t.app);
    await joinWorkspace(t.databaseUrl, member.user.uid, owner.workspace.id, 'viewer');
    const list = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/cameras', headers: bearer(token) }).then((r) => r.json());
    expect((await list(owner.token)).quota).toEqual({ used: 0, max: 2 });
    await create(owner.token, 'One');
    await create(owner.token, 'Two');
    expect((await list(owner.token)).quota).toEqual({ used: 2, max: 2 });
    expect((await list(member.token)).quota).toEqual({ used: 2, max: 2 });
  });
});
