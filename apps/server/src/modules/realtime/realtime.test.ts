import type { AuthResult } from '@vigil/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, callFn, createTestApp, signUp } from '../../../test/harness.ts';
import { type SseEvent, type SseStream, openSse, patchMe, resetTokenFor, withPg } from '../../../test/helpers.ts';

const codeOf = async (s: SseStream) => ((await s.response.json()) as { error: { code: string } }).error.code;

describe('GET /api/v1/realtime (server-sent events over real HTTP)', () => {
  let t: TestApp;
  let base: string;
  let admin: AuthResult;
  const streams: SseStream[] = [];

  async function subscribe(token: string, topics: string): Promise<SseStream> {
    const s = await openSse(`${base}/api/v1/realtime?topics=${encodeURIComponent(topics)}`, {
      authorization: `Bearer ${token}`,
    });
    streams.push(s);
    return s;
  }
  /** Subscribes and consumes the `ready` event, after which the server is listening. */
  async function ready(token: string, topics: string): Promise<SseStream> {
    const s = await subscribe(token, topics);
    expect(s.status).toBe(200);
    expect(await s.next()).toEqual({ event: 'ready', data: { embedded: true } });
    return s;
  }
  /** Reads events until one matches; fails on timeout or end of stream. Returns those read before it too. */
  async function until(s: SseStream, match: (e: SseEvent) => boolean): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    for (;;) {
      const e = await s.next();
      if (e === null) throw new Error(`stream ended; saw ${JSON.stringify(seen)}`);
      seen.push(e);
      if (match(e)) return seen;
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.startsWith('http') ? address : `http://${address}`;
    admin = await signUp(t.app, { displayName: 'Root Admin' });
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => t.close());

  it('answers with an event stream whose first event is ready {embedded:true}', async () => {
    const { token } = await signUp(t.app);
    const s = await subscribe(token, 'me');
    expect(s.status).toBe(200);
    expect(s.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await s.next()).toEqual({ event: 'ready', data: { embedded: true } });
  });

  it('the ai topic carries its detections to the workspace’s members only', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const s = await ready(me.token, 'ai');
    const notify = (workspaceId: string, label: string) =>
      withPg(t.databaseUrl, (c) =>
        c.query(`select pg_notify('vigil_events', $1)`, [
          JSON.stringify({
            topic: 'ai',
            workspaceId,
            cameraId: null,
            id: 'e1',
            data: { cameraId: 'c1', eventId: 'e1', at: '2026-01-01T00:00:00.000Z', detections: [{ label }] },
          }),
        ]),
      );
    await notify(other.workspace.id, 'theirs');
    await notify(me.workspace.id, 'person');
    const seen = await until(s, (e) => e.event === 'ai');
    expect(seen.filter((e) => e.event === 'ai')).toEqual([
      {
        event: 'ai',
        data: { cameraId: 'c1', eventId: 'e1', at: '2026-01-01T00:00:00.000Z', detections: [{ label: 'person' }] },
      },
    ]);
  });

  it('a PATCH /api/v1/me by the user produces `event: me`; another user’s change does not', async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const s = await ready(me.token, 'me');
    expect((await patchMe(t.app, other.token, { displayName: 'Someone Else' })).statusCode).toBe(200);
    expect((await patchMe(t.app, me.token, { displayName: 'Renamed' })).statusCode).toBe(200);
    // Events arrive in commit order, so the other user's change would have come first.
    expect(await s.next()).toEqual({ event: 'me', data: { uid: me.user.uid } });
  });

  it('an admin subscribed to admin.users sees an event when someone signs up', async () => {
    const s = await ready(admin.token, 'admin.users');
    const newcomer = await signUp(t.app);
    expect(await until(s, (e) => e.event === 'admin.users')).toEqual([
      { event: 'admin.users', data: { uid: newcomer.user.uid } },
    ]);
  });

  it('a non-admin asking for admin.users → 403; an unknown topic → 400', async () => {
    const { token } = await signUp(t.app);
    const denied = await subscribe(token, 'me,admin.users');
    expect(denied.status).toBe(403);
    expect(await codeOf(denied)).toBe('permission-denied');
    const unknown = await subscribe(token, 'me,no-such-topic');
    expect(unknown.status).toBe(400);
    expect(await codeOf(unknown)).toBe('invalid-argument');
  });

  it('signed out: no topics → the connection-status stream; any topic → 401 auth/unauthenticated', async () => {
    const status = await openSse(`${base}/api/v1/realtime`, {});
    streams.push(status);
    expect(status.status).toBe(200);
    expect(await status.next()).toEqual({ event: 'ready', data: { embedded: true } });
    for (const topics of ['me', 'admin.users']) {
      const anon = await openSse(`${base}/api/v1/realtime?topics=${topics}`, {});
      streams.push(anon);
      expect(anon.status, topics).toBe(401);
      expect(await codeOf(anon), topics).toBe('auth/unauthenticated');
    }
  });

  it('when the admin disables the user, the user’s open stream ends', async () => {
    const target = await signUp(t.app);
    const s = await ready(target.token, 'me');
    const off = await callFn(t.app, admin.token, 'admin.setUserDisabled', { uid: target.user.uid, disabled: true });
    expect(off.statusCode).toBe(200);
    await s.untilEnd();
  });

  it('a password reset ends the user’s open streams', async () => {
    const target = await signUp(t.app);
    const s = await ready(target.token, 'me');
    const token = await resetTokenFor(t.app, t.databaseUrl, target.user.email);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(ok.statusCode).toBe(200);
    await s.untilEnd();
  });

  it('a demoted admin’s open stream stops receiving admin.users events', async () => {
    const second = await signUp(t.app);
    await callFn(t.app, admin.token, 'admin.setUserRole', { uid: second.user.uid, role: 'admin' });
    const s = await ready(second.token, 'admin.users,me');
    const demoted = await callFn(t.app, admin.token, 'admin.setUserRole', { uid: second.user.uid, role: 'user' });
    expect(demoted.statusCode).toBe(200);
    const newcomer = await signUp(t.app);
    expect((await patchMe(t.app, second.token, { displayName: 'Marker' })).statusCode).toBe(200);
    // Read up to the marker (the second `me` after the demotion), unless the server ends the stream.
    const seen: SseEvent[] = [];
    let marker = 0;
    while (marker < 2) {
      const e = await s.next();
      if (e === null) break; // ending the stream on demotion is also a correct answer
      seen.push(e);
      if (e.event === 'me') marker += 1;
    }
    expect(seen).not.toContainEqual({ event: 'admin.users', data: { uid: newcomer.user.uid } });
  });
});
