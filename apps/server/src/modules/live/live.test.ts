import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type TestApp, bearer, createTestApp, signUp, createTestPatternCamera } from '../../../test/harness.ts';
import { joinWorkspace, withPg } from '../../../test/helpers.ts';
import { waitFor } from '../../../test/recorder-helpers.ts';
import { LiveFeed } from '../../video/live-feed.ts';
import { codecFromInit } from './live-codec.ts';

/** Real ffmpeg output with the live-feed flags (video/live-feed.unit.test.ts): H.264 Constrained Baseline, level 1.0. */
const sample = readFileSync(new URL('../../video/fixtures/live-sample.mp4', import.meta.url));
const boxType = (b: Buffer) => b.subarray(4, 8).toString('latin1');

type Message = { text: string } | { bin: Buffer };

/** Connects and collects messages until `until` is satisfied or the socket closes. */
function watch(url: string, until: (m: Message[]) => boolean, afterOpen?: () => void) {
  return new Promise<{ messages: Message[]; close?: { code: number; reason: string } }>((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: Message[] = [];
    const timer = setTimeout(() => reject(new Error(`timed out; got ${messages.length} messages`)), 10_000);
    ws.on('open', () => afterOpen?.());
    ws.on('message', (data, isBinary) => {
      messages.push(isBinary ? { bin: data as Buffer } : { text: data.toString() });
      if (until(messages)) {
        clearTimeout(timer);
        ws.close();
        resolve({ messages });
      }
    });
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      resolve({ messages, close: { code, reason: reason.toString() } });
    });
    ws.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

describe('live view over WebSocket (MSE)', () => {
  let t: TestApp;
  let base: string;
  let owner: AuthResult;
  let stranger: AuthResult;
  let camera: string;
  let offlineCamera: string;
  let foreignCamera: string;
  const liveFeeds = new Map<string, LiveFeed>();
  const feed = new LiveFeed();

  const ticket = (token: string | undefined, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/cameras/${id}/live-ticket`, headers: token ? bearer(token) : {} });

  beforeAll(async () => {
    t = await createTestApp({}, { video: { liveFeeds } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    camera = await createTestPatternCamera(t.app, owner.token, 'Door');
    offlineCamera = await createTestPatternCamera(t.app, owner.token, 'Yard');
    foreignCamera = await createTestPatternCamera(t.app, stranger.token, 'Theirs');
    // The recorder's feed for `camera`, fed with real ffmpeg output; the same feed serves every viewer.
    liveFeeds.set(camera, feed);
    liveFeeds.set(foreignCamera, feed);
    feed.push(sample);
  });
  afterAll(() => t.close());

  it('derives the MSE codec string from the avcC', () => {
    expect(codecFromInit(feed.initSegment!)).toBe('avc1.42C00A');
  });

  it('sends the codec, then the init segment, then fragments; a restart resends both', async () => {
    const res = await ticket(owner.token, camera);
    expect(res.statusCode, res.body).toBe(200);
    const texts = (m: Message[]) => m.filter((x) => 'text' in x).length;
    // The second codec message proves live chunks flow: it comes from the push after connecting.
    const { messages, close } = await watch(
      base + res.json().url,
      (m) => texts(m) >= 2 && 'bin' in m[m.length - 1]! && boxType((m[m.length - 1] as { bin: Buffer }).bin) === 'moof',
      () => setTimeout(() => feed.push(sample), 100),
    );
    expect(close).toBeUndefined();
    const first = messages[0] as { text: string };
    expect(JSON.parse(first.text)).toEqual({ codec: 'avc1.42C00A', rendition: false });
    const init = (messages[1] as { bin: Buffer }).bin;
    expect(boxType(init)).toBe('ftyp');
    const frags = messages.slice(2).filter((m): m is { bin: Buffer } => 'bin' in m && boxType(m.bin) !== 'ftyp');
    expect(frags.length).toBeGreaterThan(0);
    for (const f of frags) expect(boxType(f.bin)).toBe('moof');
    // Unsubscribed once the socket closes.
    await waitFor(() => feed.viewers === 0, 5000, 'the viewer to unsubscribe');
  });

  it('a signed-in session cookie may open the socket for its own camera', async () => {
    const res = await watch(`${base}/api/v1/cameras/${camera}/live.mp4ws`, (m) => m.length >= 2);
    // No cookie on this client: refused; with the session it is accepted (below).
    expect(res.close?.code).toBe(4403);
    const ok = await new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`${base}/api/v1/cameras/${camera}/live.mp4ws`, {
        headers: { cookie: `vigil_session=${owner.token}` },
      });
      ws.on('message', (d) => {
        ws.close();
        resolve(d.toString());
      });
      ws.on('error', reject);
    });
    expect(JSON.parse(ok).codec).toBe('avc1.42C00A');
  });

  it("refuses another workspace's camera and signed-out callers", async () => {
    expect((await ticket(owner.token, foreignCamera)).statusCode).toBe(404);
    expect((await ticket(undefined, camera)).statusCode).toBe(401);
    const forged = await watch(
      `${base}/api/v1/cameras/${foreignCamera}/live.mp4ws?expires=${Math.floor(Date.now() / 1000) + 60}&signature=x`,
      () => false,
    );
    expect(forged.close?.code).toBe(4403);
    expect(forged.messages).toEqual([]);
    // A valid ticket is bound to its camera.
    const mine = new URL(base + (await ticket(owner.token, camera)).json().url);
    const swapped = await watch(`${base}/api/v1/cameras/${foreignCamera}/live.mp4ws${mine.search}`, () => false);
    expect(swapped.close?.code).toBe(4403);
    expect(swapped.messages).toEqual([]);
  });

  it('closes with a clear reason when the camera is offline', async () => {
    const res = await ticket(owner.token, offlineCamera);
    const { close, messages } = await watch(base + res.json().url, () => false);
    expect(messages).toEqual([]);
    expect(close).toEqual({ code: 4404, reason: 'Camera is offline' });
  });

  it('answers a plain HTTP request with a clean 4xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/cameras/${camera}/live.mp4ws` });
    expect(res.statusCode).toBe(400);
  });

  describe('live view ends with the session', () => {
    const signInAgain = async (email: string, password = 'secret123') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: '198.18.200.1',
        payload: { email, password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().token as string;
    };
    // Every HLS file is checked the same way; init.mp4 needs no running GOPs from the feed.
    const playlist = (url: string) => t.app.inject({ method: 'GET', url: url.replace('index.m3u8', 'init.mp4') });

    it('sign-out: the session’s HLS URL stops at once and its open MSE socket closes', async () => {
      const token = await signInAgain(owner.user.email);
      const other = await signInAgain(owner.user.email);
      const { url, hlsUrl } = (await ticket(token, camera)).json();
      const otherHls = (await ticket(other, camera)).json().hlsUrl;
      expect((await playlist(hlsUrl)).statusCode).toBe(200);
      const watching = watch(
        `${base}${url}`,
        () => false,
        () => {
          setTimeout(
            () => void t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: bearer(token) }),
            200,
          );
        },
      );
      expect((await watching).close).toEqual({ code: 4403, reason: 'Signed out' });
      expect((await playlist(hlsUrl)).statusCode).toBe(404);
      // Another session of the same person plays on.
      expect((await playlist(otherHls)).statusCode).toBe(200);
    });

    it('a password change ends the other sessions’ HLS URLs; a disabled account’s URLs stop too', async () => {
      const person = await signUp(t.app);
      const cam = await createTestPatternCamera(t.app, person.token, 'Hall');
      liveFeeds.set(cam, feed);
      const elsewhere = await signInAgain(person.user.email);
      const elsewhereHls = (await ticket(elsewhere, cam)).json().hlsUrl;
      const mineHls = (await ticket(person.token, cam)).json().hlsUrl;
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: bearer(person.token),
        payload: { currentPassword: 'secret123', newPassword: 'another-pass' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await playlist(elsewhereHls)).statusCode).toBe(404);
      expect((await playlist(mineHls)).statusCode).toBe(200);

      // Disabled by another process: its write reaches this one's session cache by notification.
      await withPg(t.databaseUrl, (c) =>
        c.query('update users set disabled_at = now() where id = $1', [person.user.uid]),
      );
      await expect.poll(async () => (await playlist(mineHls)).statusCode, { timeout: 5000 }).toBe(404);
    });

    it('removing a member ends their open live view and their HLS URL', async () => {
      const member = await signUp(t.app);
      await joinWorkspace(t.databaseUrl, member.user.uid, owner.workspace.id, 'viewer');
      const { url, hlsUrl } = (await ticket(member.token, camera)).json();
      expect((await playlist(hlsUrl)).statusCode).toBe(200);
      const watching = watch(
        `${base}${url}`,
        () => false,
        () => {
          setTimeout(
            () =>
              void t.app.inject({
                method: 'DELETE',
                url: `/api/v1/team/members/${member.user.uid}`,
                headers: bearer(owner.token),
              }),
            200,
          );
        },
      );
      expect((await watching).close?.code).toBe(4403);
      expect((await playlist(hlsUrl)).statusCode).toBe(404);
      expect((await ticket(member.token, camera)).statusCode).toBe(401);
    });

    it('a WebSocket upgrade from a foreign Origin is refused, even with a valid ticket', async () => {
      const { url } = (await ticket(owner.token, camera)).json();
      const refused = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${base}${url}`, { headers: { origin: 'https://evil.example' } });
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => resolve(101));
        ws.on('error', () => {});
      });
      expect(refused).toBe(403);
    });
  });
});
