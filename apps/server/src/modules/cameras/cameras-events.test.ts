import type { AuthResult } from '@vigil/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { connectPg } from '../../../test/helpers.ts';

/** What the page (cameras), the recorder (cameras.changed) and the owner's document (me) hear. */
describe('camera writes publish realtime events on commit', () => {
  let t: TestApp;
  let owner: AuthResult;
  let listener: pg.Client;
  const heard: { topic: string; workspaceId?: string; id?: string; uid?: string }[] = [];

  const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(owner.token), ...(payload ? { payload } : {}) });
  /** NOTIFY arrives asynchronously after commit: wait until the expected events are in. */
  const until = async (n: number) => {
    const start = Date.now();
    while (heard.length < n && Date.now() - start < 3000) await new Promise((r) => setTimeout(r, 20));
    return heard.splice(0);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    listener = await connectPg(t.databaseUrl);
    listener.on('notification', (m) => {
      const e = JSON.parse(m.payload ?? '{}');
      if (e.topic !== 'admin.users') heard.push(e);
    });
    await listener.query('LISTEN vigil_events');
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  it('create: cameras + cameras.changed for the workspace, me for the owner', async () => {
    const res = await api('POST', '/api/v1/cameras', {
      name: 'Evented',
      source: { type: 'test-pattern' },
      recordingMode: 'continuous',
    });
    const id = res.json().id;
    const ws = owner.workspace.id;
    expect(await until(3)).toEqual(
      expect.arrayContaining([
        { topic: 'cameras', workspaceId: ws, id },
        { topic: 'cameras.changed', workspaceId: ws, id },
        { topic: 'me', uid: owner.user.uid },
      ]),
    );

    await api('PATCH', `/api/v1/cameras/${id}`, { enabled: false });
    expect(await until(2)).toEqual([
      { topic: 'cameras', workspaceId: ws, id },
      { topic: 'cameras.changed', workspaceId: ws, id },
    ]);

    await api('DELETE', `/api/v1/cameras/${id}`);
    expect(await until(3)).toHaveLength(3);
  });

  it('a refused write publishes nothing', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/cameras/00000000-0000-4000-8000-000000000000',
      headers: bearer(owner.token),
      payload: { name: 'Ghost' },
    });
    // Notifications arrive in commit order: a marker sent after the refused write comes after
    // anything that write would have published.
    await listener.query(`select pg_notify('vigil_events', $1)`, [JSON.stringify({ topic: 'marker' })]);
    expect(await until(1)).toEqual([{ topic: 'marker' }]);
  });
});
