import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type Db, createDb } from '@vigil/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { publishScopeChanged } from '../src/lib/camera-scope.ts';
import { fanOutEvent } from '../src/modules/notifications/fanout.service.ts';
import { LiveFeed } from '../src/video/live-feed.ts';
import { type SseStream, openSse } from './helpers.ts';
import { useScopeWorld } from './scope-world.ts';

/** Real ffmpeg output with the live-feed flags (as modules/live/live.test.ts uses). */
const sample = readFileSync(new URL('../src/video/fixtures/live-sample.mp4', import.meta.url));

/** Opens a live socket; resolves with its first text message, or how it closed. */
function firstMessage(url: string, onOpen?: (ws: WebSocket) => void) {
  return new Promise<{ text?: string; close?: number; socket: WebSocket }>((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('live socket: nothing within 10 s')), 10_000);
    ws.on('open', () => onOpen?.(ws));
    ws.on('message', (d, binary) => {
      if (binary) return;
      clearTimeout(timer);
      resolve({ text: d.toString(), socket: ws });
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ close: code, socket: ws });
    });
    ws.on('error', reject);
  });
}

/**
 * Per-member camera access where it is pushed rather than asked for: live view (tickets
 * re-checked at each socket open and HLS fetch), the realtime stream, and notification fan-out.
 */
describe('a member limited to one camera: live, realtime and notifications', () => {
  const liveFeeds = new Map<string, LiveFeed>();
  const w = useScopeWorld({ liveFeeds });
  let base: string;
  let db: Db;
  let end: () => Promise<void>;
  const streams: SseStream[] = [];
  const ticket = (token: string, id: string) => w.send(token, 'POST', `/api/v1/cameras/${id}/live-ticket`);

  beforeAll(async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(w.t.app.server.address() as AddressInfo).port}`;
    const feed = new LiveFeed();
    liveFeeds.set(w.camA, feed);
    liveFeeds.set(w.camB, feed);
    feed.push(sample);
    const c = createDb(w.t.databaseUrl, 2);
    db = c.db;
    end = () => c.pool.end();
  });
  afterEach(() => {
    for (const s of streams.splice(0)) s.close();
  });
  afterAll(() => end());

  it('live: no ticket, offer, snapshot or HLS file for B; A plays', async () => {
    const refused = await ticket(w.limited.token, w.camB);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not-found');
    expect((await w.send(w.limited.token, 'POST', `/api/v1/cameras/${w.camB}/webrtc`, { sdp: 'v=0' })).statusCode).toBe(
      404,
    );
    expect((await w.get(w.limited.token, `/api/v1/cameras/${w.camB}/snapshot`)).statusCode).toBe(404);
    expect((await w.get(w.limited.token, `/api/v1/cameras/${w.camB}/live/init.mp4`)).statusCode).toBe(404);
    expect((await w.get(w.limited.token, `/api/v1/cameras/${w.camA}/live/init.mp4`)).statusCode).toBe(200);
    // The owner's ticket for B, swapped into the member's hands, is still the owner's session: the
    // member's own session never opens B, by cookie either.
    const cookie = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://${base}/api/v1/cameras/${w.camB}/live.mp4ws`, {
        headers: { cookie: `vigil_session=${w.limited.token}` },
      });
      ws.on('close', (code) => resolve(code));
    });
    expect(cookie).toBe(4403);
    const { url } = (await ticket(w.limited.token, w.camA)).json();
    const played = await firstMessage(`ws://${base}${url}`);
    played.socket.close();
    expect(JSON.parse(played.text!).codec).toMatch(/^avc1\./);
  });

  it('live: a ticket issued before the scope shrank opens nothing; a scope change ends what is open', async () => {
    const { url, hlsUrl } = (await ticket(w.limited.token, w.camA)).json();
    const init = (u: string) => w.t.app.inject({ method: 'GET', url: u.replace('index.m3u8', 'init.mp4') });
    expect((await init(hlsUrl)).statusCode).toBe(200);
    // Watching A; the members API changes their cameras and says so.
    const open = await firstMessage(`ws://${base}${url}`);
    expect(open.text).toBeDefined();
    const closed = new Promise<number>((resolve) => open.socket.on('close', (code) => resolve(code)));
    await w.setCameras(w.limited, [w.camB]);
    await db.transaction((tx) => publishScopeChanged(tx, w.limited.user.uid, w.workspaceId));
    expect(await closed).toBe(4403);
    // The old ticket no longer opens A, over the socket or HLS.
    expect((await firstMessage(`ws://${base}${url}`)).close).toBe(4403);
    expect((await init(hlsUrl)).statusCode).toBe(404);
    await w.setCameras(w.limited, [w.camA]);
    expect((await init(hlsUrl)).statusCode).toBe(200);
  });

  it('realtime: the stream carries A’s camera and event news, never B’s; a scope change ends it', async () => {
    const s = await openSse(`http://${base}/api/v1/realtime?topics=cameras,events,exports`, {
      authorization: `Bearer ${w.limited.token}`,
    });
    streams.push(s);
    expect(s.status).toBe(200);
    expect((await s.next())?.event).toBe('ready');
    const eventA = await w.event(w.camA);
    const eventB = await w.event(w.camB);
    // B's news first: had it leaked, it would arrive before A's (events come in commit order).
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camB}`, { name: 'B2' })).statusCode).toBe(200);
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/events/${eventB}`, { note: 'b' })).statusCode).toBe(200);
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/cameras/${w.camA}`, { name: 'A2' })).statusCode).toBe(200);
    expect((await w.send(w.owner.token, 'PATCH', `/api/v1/events/${eventA}`, { note: 'a' })).statusCode).toBe(200);
    expect(await s.next()).toEqual({ event: 'cameras', data: { id: w.camA } });
    expect(await s.next()).toEqual({ event: 'events', data: { id: eventA } });
    // The owner's stream hears both.
    const o = await openSse(`http://${base}/api/v1/realtime?topics=events`, {
      authorization: `Bearer ${w.owner.token}`,
    });
    streams.push(o);
    expect((await o.next())?.event).toBe('ready');
    await w.send(w.owner.token, 'PATCH', `/api/v1/events/${eventB}`, { note: 'b2' });
    expect(await o.next()).toEqual({ event: 'events', data: { id: eventB } });
    // Their cameras change: the stream ends, and the client reopens it with the new scope.
    await db.transaction((tx) => publishScopeChanged(tx, w.limited.user.uid, w.workspaceId));
    expect(await s.untilEnd()).toEqual([]);
  });

  it('notifications: a motion on B queues nothing for the limited member, on A it does', async () => {
    const deliveriesTo = async (eventId: string) =>
      (await w.sql<{ user_id: string | null }>('select user_id from deliveries where event_id = $1', [eventId])).map(
        (r) => r.user_id,
      );
    const onB = await w.event(w.camB);
    const onA = await w.event(w.camA);
    await fanOutEvent(db, onB);
    await fanOutEvent(db, onA);
    // The workspace's default rule tells its owner and managers: the limited manager, a member
    // through `memberships` only, hears of A; of B only the owner hears.
    expect(await deliveriesTo(onA)).toEqual(expect.arrayContaining([w.owner.user.uid, w.limited.user.uid]));
    expect(await deliveriesTo(onB)).toContain(w.owner.user.uid);
    expect(await deliveriesTo(onB)).not.toContain(w.limited.user.uid);
    // A rule naming viewers reaches the (unlimited) viewer member too.
    const rule = await w.send(w.owner.token, 'POST', '/api/v1/notification-rules', {
      name: 'Viewers',
      recipientRoles: ['viewer'],
      recipientUserIds: [w.limited.user.uid],
      channels: ['email'],
      cooldownSeconds: 0,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const again = await w.event(w.camB);
    await fanOutEvent(db, again);
    expect(await deliveriesTo(again)).toContain(w.viewer.user.uid);
    // Named by id, the limited member still hears nothing of B.
    expect(await deliveriesTo(again)).not.toContain(w.limited.user.uid);
  });
});
