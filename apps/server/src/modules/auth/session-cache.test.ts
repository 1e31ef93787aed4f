import { createDb, schema } from '@vigil/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { createSessionCache, touchesSessions } from './session-cache.ts';

/**
 * Sessions answered from memory must end as soon as the database says so: a write of this process
 * forgets them before it returns; another process's, on the triggers' notification.
 */
describe('session cache', () => {
  let t: TestApp;
  /** Another process's connection: a plain client, which this process's write watch never sees. */
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    // Memory answers only once the cache's listener is connected: wait for its LISTEN (slow
    // under a loaded suite), then for the flag set just after it.
    const deadline = Date.now() + 15_000;
    const listening = async () =>
      (
        await other.query(
          "select 1 from pg_stat_activity where datname = current_database() and query ilike 'listen vigil_sessions%'",
        )
      ).rowCount;
    while (!(await listening()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
  const hashOf = async (uid: string) =>
    (await other.query('select token_hash from sessions where user_id = $1', [uid])).rows[0].token_hash as string;
  async function eventually(token: string, status: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await me(token);
      if (res.statusCode === status || Date.now() > deadline) return res.statusCode;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('answers from memory: a change nobody announces is not seen (what the triggers are for)', async () => {
    // Any write of this process to the session tables (a sign-up's own follow-ups, under a loaded
    // suite) empties the cache: one of a few tries must show an answer from memory.
    let fromMemory = false;
    for (let attempt = 0; attempt < 5 && !fromMemory; attempt++) {
      const a = await signUp(t.app);
      expect((await me(a.token)).statusCode).toBe(200);
      await other.query('begin');
      await other.query('alter table sessions disable trigger sessions_changed');
      try {
        await other.query('delete from sessions where user_id = $1', [a.user.uid]);
        await other.query('commit');
      } finally {
        await other.query('alter table sessions enable trigger sessions_changed');
      }
      fromMemory = (await me(a.token)).statusCode === 200;
    }
    expect(fromMemory).toBe(true);
  });

  it('another process ends a session: the notification reaches the cache within moments', async () => {
    const a = await signUp(t.app);
    expect((await me(a.token)).statusCode).toBe(200);
    expect((await me(a.token)).statusCode).toBe(200);
    await other.query('delete from sessions where token_hash = $1', [await hashOf(a.user.uid)]);
    expect(await eventually(a.token, 401)).toBe(401);
  });

  it('another process disables the account or removes the membership: refused', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    expect((await me(a.token)).statusCode).toBe(200);
    expect((await me(b.token)).statusCode).toBe(200);
    await other.query('update users set disabled_at = now() where id = $1', [a.user.uid]);
    await other.query('delete from memberships where user_id = $1', [b.user.uid]);
    expect(await eventually(a.token, 401)).toBe(401);
    expect(await eventually(b.token, 401)).toBe(401);
  });

  it('a session answered from memory still has its last-seen time written once a minute has passed', async () => {
    const a = await signUp(t.app);
    expect((await me(a.token)).statusCode).toBe(200);
    const seen = async () =>
      (
        (await other.query('select last_seen_at from sessions where user_id = $1', [a.user.uid])).rows[0]
          .last_seen_at as Date
      ).getTime();
    // Two minutes old in the database, unannounced (the kept copy stays), and a minute later by the
    // server's clock: memory cannot answer alone, the time is written.
    await other.query('alter table sessions disable trigger sessions_changed');
    try {
      await other.query("update sessions set last_seen_at = now() - interval '2 minutes' where user_id = $1", [
        a.user.uid,
      ]);
    } finally {
      await other.query('alter table sessions enable trigger sessions_changed');
    }
    const before = await seen();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      expect((await me(a.token)).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
    expect(await seen()).toBeGreaterThan(before);
  });

  it("a person's document answered again from memory changes with them, in this process and from another", async () => {
    const a = await signUp(t.app);
    const nameOf = async () => (await me(a.token)).json().user.displayName as string;
    const first = await nameOf();
    expect(await nameOf()).toBe(first);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(a.token),
      payload: { displayName: 'Renamed here' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await nameOf()).toBe('Renamed here');
    await other.query("update users set display_name = 'Renamed elsewhere' where id = $1", [a.user.uid]);
    const deadline = Date.now() + 10_000;
    while ((await nameOf()) !== 'Renamed elsewhere' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(await nameOf()).toBe('Renamed elsewhere');
  });

  it('hashes a token once between changes, and forgets the token with the sessions on any change', async () => {
    const cache = createSessionCache<string>({ connectionString: t.databaseUrl, log: () => {} });
    try {
      const deadline = Date.now() + 15_000;
      while (!cache.active() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(cache.active()).toBe(true);
      const hash = vi.fn((token: string) => `hash of ${token}`);
      expect(cache.keyOf('t1', hash)).toBe('hash of t1');
      expect(cache.keyOf('t1', hash)).toBe('hash of t1');
      expect(hash).toHaveBeenCalledTimes(1);
      const a = await signUp(t.app);
      await other.query('update users set disabled_at = null where id = $1', [a.user.uid]);
      const until = Date.now() + 10_000;
      while (hash.mock.calls.length < 2 && Date.now() < until) {
        cache.keyOf('t1', hash);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(hash).toHaveBeenCalledTimes(2);
    } finally {
      await cache.stop();
    }
  });

  it('a write of this process: the very next request sees it, with no wait', async () => {
    const { db, pool } = createDb(t.databaseUrl, 1);
    try {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      expect((await me(a.token)).statusCode).toBe(200);
      expect((await me(b.token)).statusCode).toBe(200);
      // Silence the triggers: only this process's own write watch can forget the sessions.
      await other.query('alter table sessions disable trigger sessions_changed');
      await other.query('alter table users disable trigger users_session_changed');
      await db.delete(schema.sessions).where(eq(schema.sessions.userId, a.user.uid));
      expect((await me(a.token)).statusCode).toBe(401);
      // In a transaction: forgotten when it commits.
      await db.transaction(async (tx) => {
        await tx.update(schema.users).set({ disabledAt: new Date() }).where(eq(schema.users.id, b.user.uid));
      });
      expect((await me(b.token)).statusCode).toBe(401);
    } finally {
      await other.query('alter table sessions enable trigger sessions_changed');
      await other.query('alter table users enable trigger users_session_changed');
      await pool.end();
    }
  });
});

describe('what forgets the sessions', () => {
  it.each([
    ['delete from "sessions" where "sessions"."user_id" = $1', true],
    ['update "users" set "disabled_at" = $1 where "users"."id" = $2', true],
    ['insert into "memberships" ("workspace_id") values ($1)', true],
    ['update user_two_factor set enabled_at = now()', true],
    ['insert into "cameras" ("id", "name") values ($1, $2)', true],
    ['update "cameras" set "site_id" = $1 where "cameras"."id" = $2', true],
    ['update "cameras" set "status" = $1, "last_seen_at" = $2 where "cameras"."id" = $3', false],
    ['insert into "recordings" ("camera_id") values ($1)', false],
    ['update "user_sessions_log" set x = 1', false],
  ])('%s → %s', (text, forgets) => {
    expect(touchesSessions(text)).toBe(forgets);
  });
});
