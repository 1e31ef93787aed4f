import type { AuthResult, PruneNotices } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { withPg } from '../../../test/helpers.ts';
import { mayReceive } from '../realtime/realtime.routes.ts';
import type { SessionUser } from '../../lib/session.ts';

const DAY = 86_400_000;

/** GET /api/v1/recordings/notices: what retention wrote (rows inserted as video/retention.ts writes them). */
describe('recordings: retention notices', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    await withPg(t.databaseUrl, async (c) => {
      const add = (
        ws: string,
        reason: string,
        limit: number,
        removed: number,
        bytes: number,
        first: number,
        last: number,
      ) =>
        c.query(
          `insert into prune_notices (workspace_id, reason, limit_value, recordings_removed, bytes_removed, first_at, last_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [ws, reason, limit, removed, bytes, iso(first), iso(last)],
        );
      const ws = owner.workspace.id;
      await add(ws, 'maxRecordings', 100, 9, 9e6, now - 9 * DAY, now - 8 * DAY); // too old to show
      await add(ws, 'maxRecordings', 100, 3, 3e6, now - 3 * DAY, now - 2 * DAY);
      await add(ws, 'maxRecordings', 100, 12, 12e6, now - DAY, now - 60_000); // the latest of its reason
      await add(ws, 'maxStorage', 10, 0, 2.5e9, now - 3600_000, now - 3600_000);
      await add(stranger.workspace.id, 'maxStorage', 10, 1, 1e9, now, now);
    });
  });
  afterAll(() => t?.close());

  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/recordings/notices', headers: bearer(token) });

  it('answers the latest notice of each limit from the last 7 days, of the caller’s workspace only', async () => {
    const res = await get(owner.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<PruneNotices>();
    expect(body.items.map((n) => [n.reason, n.recordingsRemoved, n.bytesRemoved, n.limit])).toEqual([
      ['maxRecordings', 12, 12e6, 100],
      ['maxStorage', 0, 2.5e9, 10],
    ]);
    expect(body.items[0]!.lastAt).toBe(iso(now - 60_000));
    expect(body.items[0]!.firstAt).toBe(iso(now - DAY));
  });

  it('shows another workspace nothing of ours', async () => {
    const other = await signUp(t.app);
    expect((await get(other.token)).json()).toEqual({ items: [] });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/recordings/notices' });
    expect(res.statusCode).toBe(401);
  });

  it('the `recordings` realtime topic (sent after a prune) reaches members of that workspace only', () => {
    const session = {
      user: { id: 'u', role: 'viewer', workspaceId: 'w1' },
      membership: { role: 'viewer', cameraIds: null },
    } as unknown as SessionUser;
    const topics = new Set(['recordings']);
    expect(mayReceive(session, topics, { topic: 'recordings', workspaceId: 'w1' })).toBe(true);
    expect(mayReceive(session, topics, { topic: 'recordings', workspaceId: 'w2' })).toBe(false);
    expect(mayReceive(session, new Set(['cameras']), { topic: 'recordings', workspaceId: 'w1' })).toBe(false);
  });
});
