import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, getMe, withPg } from '../../../test/helpers.ts';

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
    await signUp(t.app, { displayName: 'Admin' }); // the first account is the admin
  });
  afterAll(() => t.close());

  it('maxCameras=2: the 3rd → 429 resource-exhausted with the plan message; nothing written', async () => {
    const owner = await signUp(t.app);
    await setMax(owner.user.uid, 2);
    expect((await create(owner.token, 'One')).statusCode).toBe(201);
    expect((await create(owner.token, 'Two')).statusCode).toBe(201);
    const third = await create(owner.token, 'Three');
    expect(third.statusCode).toBe(429);
    expect(errorOf(third)).toMatchObject({
      code: 'resource-exhausted',
      message:
        "Camera limit reached: your plan's maxCameras is 2. Choose the Basic plan on the Upgrade page to lift it.",
    });
    expect(await cameraCount(owner.workspace.id)).toBe(2);
    expect(await usage(owner.token)).toBe(2);
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
    expect(codes).toEqual([201, 201, 201, 429, 429]);
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
    // Membership is written directly (as the team API does): the member joins the owner's workspace
    // as a manager, and their session works there.
    await withPg(t.databaseUrl, async (c) => {
      await c.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'manager')`, [
        owner.workspace.id,
        member.user.uid,
      ]);
      await c.query('update sessions set workspace_id = $1 where user_id = $2', [owner.workspace.id, member.user.uid]);
    });
    const made = await create(member.token, 'By manager');
    expect(made.statusCode).toBe(201);
    expect(made.json().workspaceId).toBe(owner.workspace.id);
    expect(await usage(owner.token)).toBe(1);
    // The member's session sees the workspace's usage (its owner's), not their own workspace's.
    expect(await usage(member.token)).toBe(1);
    const refused = await create(member.token, 'Too many');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe(
      "Camera limit reached: your plan's maxCameras is 1. Choose the Basic plan on the Upgrade page to lift it.",
    );
  });
});
