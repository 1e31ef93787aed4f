import { type ChildProcess, spawn } from 'node:child_process';
import type { AuthResult } from '@vigil/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, RTCRtpCodecParameters, type RtpPacket } from 'werift';
import { type TestApp, bearer, createTestApp, signUp, createTestPatternCamera } from '../../../test/harness.ts';
import { waitFor } from '../../../test/recorder-helpers.ts';
import { LiveFeed } from '../../video/live-feed.ts';
import { thisMachineOnly, withoutDefaultStun } from './webrtc-session.ts';
import { readBoxes } from '../../video/mp4-boxes.ts';

/**
 * WebRTC and live HLS end to end against a real ffmpeg feed: a werift peer plays the browser
 * (recvonly offer, ICE on 127.0.0.1, DTLS-SRTP) and checks that the H.264 it receives starts
 * with SPS, PPS and an IDR frame; HLS is fetched as a player would. Chromium plays both in e2e.
 */
const nalTypes = (p: Buffer) => {
  const t = p[0]! & 0x1f;
  if (t === 28) return p[1]! & 0x80 ? [p[1]! & 0x1f] : [];
  return [t];
};

describe('live over WebRTC and HLS', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let camera: string;
  let offlineCamera: string;
  let foreignCamera: string;
  let ffmpeg: ChildProcess;
  const liveFeeds = new Map<string, LiveFeed>();
  const feed = new LiveFeed();

  beforeAll(async () => {
    t = await createTestApp({}, { video: { liveFeeds } });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    camera = await createTestPatternCamera(t.app, owner.token, 'Door', 'off');
    offlineCamera = await createTestPatternCamera(t.app, owner.token, 'Yard', 'off');
    foreignCamera = await createTestPatternCamera(t.app, stranger.token, 'Theirs', 'off');
    liveFeeds.set(camera, feed);
    liveFeeds.set(foreignCamera, feed);
    // The live output exactly as the recorder asks for it (one fragment per frame, 1 s GOP).
    ffmpeg = spawn('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-pix_fmt', 'yuv420p'],
      ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame'],
      ...['-flush_packets', '1', 'pipe:1'],
    ]);
    ffmpeg.stdout!.on('data', (d: Buffer) => feed.push(d));
    await waitFor(() => feed.fragments > 20, 15_000, 'the feed to run');
  });
  afterAll(async () => {
    ffmpeg?.kill('SIGKILL');
    await t.close();
  });

  async function offer(pc: RTCPeerConnection): Promise<string> {
    pc.addTransceiver('video', { direction: 'recvonly' });
    const o = await pc.createOffer();
    withoutDefaultStun(pc);
    await pc.setLocalDescription(o);
    if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((s) => s === 'complete', 5000);
    return pc.localDescription!.sdp;
  }
  const newPeer = () =>
    new RTCPeerConnection({
      codecs: {
        video: [
          new RTCRtpCodecParameters({
            mimeType: 'video/H264',
            clockRate: 90000,
            parameters: 'profile-level-id=42e01f;packetization-mode=1;level-asymmetry-allowed=1',
          }),
        ],
      },
      iceServers: [],
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceAdditionalHostAddresses: ['127.0.0.1'],
      iceUseIpv6: false,
    });

  it('streams the camera over WebRTC: SPS, PPS and a keyframe first, then frames with rising timestamps', async () => {
    const pc = newPeer();
    const packets: RtpPacket[] = [];
    pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => packets.push(rtp)));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${camera}/webrtc`,
      headers: bearer(owner.token),
      payload: { sdp: await offer(pc) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { sdp, sessionId } = res.json();
    expect(sdp).toContain('H264');
    expect(sdp).toMatch(/a=candidate:\S+ 1 udp \d+ 127\.0\.0\.1 /);
    // Only this machine's addresses are offered while the server listens on loopback.
    const own = thisMachineOnly('127.0.0.1');
    expect(sdp.match(/a=candidate:.*/g)!.every((c: string) => own.has(c.split(' ')[4]!))).toBe(true);
    await pc.setRemoteDescription({ type: 'answer', sdp });
    await waitFor(() => packets.filter((p) => p.header.marker).length >= 30, 15_000, '30 frames over WebRTC');
    const first = packets.slice(0, 5).flatMap((p) => nalTypes(p.payload));
    expect(first.slice(0, 3)).toEqual([7, 8, 5]);
    const frames = packets.filter((p) => p.header.marker).map((p) => p.header.timestamp);
    for (let i = 1; i < frames.length; i++)
      expect((frames[i]! - frames[i - 1]! + 2 ** 32) % 2 ** 32).toBeGreaterThan(0);
    // Live frames are spaced by the source's 15 fps (6000 ticks of 90 kHz), after the catch-up burst.
    const steps = frames.slice(-10).map((ts, i, a) => (i ? ts - a[i - 1]! : 6000));
    expect(steps.every((s) => Math.abs(s - 6000) <= 1)).toBe(true);
    // Hanging up stops the session; the second hang-up finds nothing.
    const hang = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/cameras/${camera}/webrtc/${sessionId}`,
        headers: bearer(owner.token),
      });
    expect((await hang()).statusCode).toBe(204);
    expect((await hang()).statusCode).toBe(404);
    await pc.close();
  });

  it('refuses a foreign camera, an offline camera and a bad offer, with clear errors', async () => {
    const post = (id: string, sdp: string, token = owner.token) =>
      t.app.inject({ method: 'POST', url: `/api/v1/cameras/${id}/webrtc`, headers: bearer(token), payload: { sdp } });
    const foreign = await post(foreignCamera, 'v=0');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not-found');
    // A disabled camera answers at once (an enabled one still connecting is waited for, briefly).
    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/cameras/${offlineCamera}`,
      headers: bearer(owner.token),
      payload: { enabled: false },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    const offline = await post(offlineCamera, 'v=0');
    expect(offline.statusCode).toBe(503);
    expect(offline.json().error).toEqual({ code: 'unavailable', message: 'Camera is offline.' });
    const bad = await post(camera, 'this is not SDP');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid-argument');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${camera}/webrtc`,
      payload: { sdp: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('closes a viewer’s WebRTC session when their sessions are revoked', async () => {
    const viewer = await signUp(t.app);
    const cam = await createTestPatternCamera(t.app, viewer.token, 'Gate', 'off');
    liveFeeds.set(cam, feed);
    const pc = newPeer();
    let received = 0;
    pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => received++));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${cam}/webrtc`,
      headers: bearer(viewer.token),
      payload: { sdp: await offer(pc) },
    });
    expect(res.statusCode, res.body).toBe(200);
    await pc.setRemoteDescription({ type: 'answer', sdp: res.json().sdp });
    await waitFor(() => received > 20, 15_000, 'packets before sign-out');
    const before = feed.viewers;
    // What disabling the account (or a password reset) publishes: every process closes their streams.
    const pg = new Client({ connectionString: t.databaseUrl });
    await pg.connect();
    await pg.query(`select pg_notify('vigil_events', $1)`, [
      JSON.stringify({ topic: 'session.revoked', uid: viewer.user.uid }),
    ]);
    await pg.end();
    await waitFor(() => feed.viewers === before - 1, 5000, 'the WebRTC session to close');
    await pc.close();
  });

  it('serves live HLS: a playlist of whole GOPs, the init and segments, by signed URL only', async () => {
    const ticket = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${camera}/live-ticket`,
      headers: bearer(owner.token),
    });
    const hlsUrl = ticket.json().hlsUrl as string;
    const list = await t.app.inject({ method: 'GET', url: hlsUrl });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-type']).toContain('mpegurl');
    const text = list.body;
    expect(text).toMatch(/^#EXTM3U\n#EXT-X-VERSION:9\n/);
    const base = hlsUrl.replace(/index\.m3u8\?.*$/, '');
    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!;
    const init = await t.app.inject({ method: 'GET', url: base + map });
    expect(readBoxes(init.rawPayload).map((b) => b.type)).toEqual(['ftyp', 'moov']);
    const seg = text.split('\n').find((l) => /^\d+\.m4s\?/.test(l))!;
    const media = await t.app.inject({ method: 'GET', url: base + seg });
    expect(media.statusCode).toBe(200);
    const boxes = readBoxes(media.rawPayload).map((b) => b.type);
    expect(boxes[0]).toBe('moof');
    // A GOP of 15 frames at one fragment per frame.
    expect(boxes.filter((b) => b === 'moof').length).toBe(15);
    const dur = Number(/#EXTINF:([\d.]+),/.exec(text)![1]);
    expect(dur).toBeCloseTo(1, 1);

    // Low-Latency HLS: parts of 0.2 s (3 frames at 15 fps), a blocking reload and a preload hint.
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.200');
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.600');
    const parts = [...text.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="([^"]+)"(,INDEPENDENT=YES)?/g)];
    expect(parts.length).toBeGreaterThan(0);
    for (const p of parts) expect(Number(p[1])).toBeLessThanOrEqual(0.5);
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d+)\.m4s\?[^"]+"/.exec(text)!;
    const [msn, part] = [Number(hint[1]), Number(hint[2])];
    // The hinted part is not made yet: asking for the playlist that holds it waits until it is.
    const asked = Date.now();
    const blocked = await t.app.inject({ method: 'GET', url: `${hlsUrl}&_HLS_msn=${msn}&_HLS_part=${part}` });
    expect(blocked.statusCode).toBe(200);
    expect(Date.now() - asked).toBeLessThan(3000);
    expect(blocked.body).toContain(`${msn}.${part}.m4s?`);
    expect(blocked.body).not.toContain('_HLS_');
    const hinted = await t.app.inject({ method: 'GET', url: base + hint[0]!.split('URI="')[1]!.replace(/"$/, '') });
    expect(hinted.statusCode).toBe(200);
    expect(readBoxes(hinted.rawPayload)[0]!.type).toBe('moof');
    // Too far ahead to wait for; not a number: clear errors, at once.
    expect((await t.app.inject({ method: 'GET', url: `${hlsUrl}&_HLS_msn=${msn + 50}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${hlsUrl}&_HLS_msn=x` })).statusCode).toBe(400);

    // Without a signature (or session) the camera does not exist; a signature is bound to its camera.
    const bare = hlsUrl.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    const swapped = hlsUrl.replace(camera, foreignCamera);
    expect((await t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(404);
    const tampered = hlsUrl.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    // The session cookie is enough for the owner, and gives nothing for a stranger's camera.
    const cookie = { cookie: `vigil_session=${owner.token}` };
    expect((await t.app.inject({ method: 'GET', url: bare, headers: cookie })).statusCode).toBe(200);
    const theirs = `/api/v1/cameras/${foreignCamera}/live/index.m3u8`;
    expect((await t.app.inject({ method: 'GET', url: theirs, headers: cookie })).statusCode).toBe(404);
  });
});
