import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, withPg } from '../../../test/helpers.ts';

const SEEDS = 25;
const tag = `${process.pid}x${Date.now()}`;
const seedEmail = (i: number) => `seed${String(i).padStart(2, '0')}.${tag}@example.com`;

describe('GET /api/v1/admin/users', () => {
  let t: TestApp;
  let admin: AuthResult;
  let plain: AuthResult;
  const list = (query: Record<string, string | number>, token = admin.token) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: bearer(token),
    });

  /** Pages through a query with limit 10, returning all ids in order and the page count. */
  async function pageAll(query: Record<string, string>) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list({ ...query, limit: 10, ...(cursor ? { startAfter: cursor } : {}) });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.items.length).toBeLessThanOrEqual(10);
      ids.push(...body.items.map((u: { uid: string }) => u.uid));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    return { ids, pages };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { displayName: 'Root Admin' });
    // Seed in reverse so insertion order and email order differ.
    for (let i = SEEDS - 1; i >= 0; i -= 5) {
      await Promise.all(
        Array.from({ length: 5 }, (_, k) => i - k).map((n) =>
          signUp(t.app, { email: seedEmail(n), displayName: n === 7 ? 'Zebra Keeper' : `Seed Person ${n}` }),
        ),
      );
    }
    plain = await signUp(t.app, { displayName: 'Plain User' });
  });
  afterAll(() => t.close());

  it('pages with limit=10 via nextCursor: every id exactly once, newest first', async () => {
    const expected = await withPg(t.databaseUrl, (c) =>
      c.query('select id from users order by created_at desc, id desc'),
    );
    const { ids, pages } = await pageAll({});
    expect(expected.rows).toHaveLength(SEEDS + 2);
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected.rows.map((r) => r.id));
    expect(ids[0]).toBe(plain.user.uid);
    expect(ids.at(-1)).toBe(admin.user.uid);
  });

  it('default limit is 20 and the documents are the spec §3 shape', async () => {
    const body = (await list({})).json();
    expect(body.items).toHaveLength(20);
    expect(body.nextCursor).toEqual(expect.any(String));
    expect(body.items[0]).toMatchObject({ uid: plain.user.uid, email: plain.user.email, role: 'user', plan: 'basic' });
    expect(body.items[0]).not.toHaveProperty('passwordHash');
  });

  it('orderBy=email:asc sorts by email across pages', async () => {
    const { ids } = await pageAll({ orderBy: 'email:asc' });
    const byId = new Map<string, string>();
    const all = await withPg(t.databaseUrl, (c) => c.query('select id, email from users'));
    for (const r of all.rows) byId.set(r.id, r.email);
    const seededInOrder = ids.map((id) => byId.get(id)!).filter((e) => e.startsWith('seed'));
    expect(seededInOrder).toEqual(Array.from({ length: SEEDS }, (_, i) => seedEmail(i)));
    expect(ids).toHaveLength(SEEDS + 2);
    const desc = (await list({ orderBy: 'email:desc', q: tag, limit: 3 })).json();
    expect(desc.items.map((u: { email: string }) => u.email)).toEqual([seedEmail(24), seedEmail(23), seedEmail(22)]);
  });

  it('q searches part of the email or display name, case-insensitively; % and _ are literal', async () => {
    const byEmail = (await list({ q: `SEED07.${tag}` })).json();
    expect(byEmail.items.map((u: { email: string }) => u.email)).toEqual([seedEmail(7)]);
    const byName = (await list({ q: 'zebra kee' })).json();
    expect(byName.items.map((u: { email: string }) => u.email)).toEqual([seedEmail(7)]);
    const all = (await list({ q: tag, limit: 100 })).json();
    expect(all.items).toHaveLength(SEEDS);
    expect((await list({ q: '%' })).json().items).toEqual([]);
    expect((await list({ q: 'seed0_' })).json().items).toEqual([]);
  });

  it('where role == admin returns only admins', async () => {
    const where = JSON.stringify([{ field: 'role', op: '==', value: 'admin' }]);
    const body = (await list({ where })).json();
    expect(body.items.map((u: { uid: string }) => u.uid)).toEqual([admin.user.uid]);
    const users = (
      await list({ where: JSON.stringify([{ field: 'role', op: '!=', value: 'admin' }]), limit: 100 })
    ).json();
    expect(users.items).toHaveLength(SEEDS + 1);
    expect(users.items.every((u: { role: string }) => u.role === 'user')).toBe(true);
  });

  it('an unknown field, bad JSON, a bad cursor or a bad limit → 400 invalid-argument', async () => {
    const forged = Buffer.from(JSON.stringify(['not a date', 'not a uuid'])).toString('base64url');
    const cases: Record<string, string | number>[] = [
      { where: JSON.stringify([{ field: 'passwordHash', op: '==', value: 'x' }]) },
      { where: JSON.stringify([{ field: 'role', op: 'like', value: 'x' }]) },
      { where: JSON.stringify([{ field: 'disabled', op: '==', value: 'yes' }]) },
      { where: '[{"field":' },
      { where: '{"field":"role"}' },
      { startAfter: 'garbage!!' },
      { startAfter: forged },
      { orderBy: 'passwordHash' },
      { orderBy: 'email:sideways' },
      { limit: 0 },
      { limit: 101 },
    ];
    for (const q of cases) {
      const res = await list(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(errorOf(res).code, JSON.stringify(q)).toBe('invalid-argument');
    }
  });

  it('a non-admin → 403 permission-denied; signed out → 401', async () => {
    const res = await list({}, plain.token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'permission-denied',
      message: 'You do not have permission to perform this action.',
    });
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/admin/users' });
    expect(anon.statusCode).toBe(401);
    expect(errorOf(anon).code).toBe('auth/unauthenticated');
  });
});
