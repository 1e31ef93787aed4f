import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { childProcesses } from '../../../test/child-processes.ts';
import { waitFor } from '../../../test/recorder-helpers.ts';
import { startRtspServer } from '../../../../../e2e/fixtures/rtsp-server.ts';
import { LiveFeed } from '../../video/live-feed.ts';
import { readVideoCodec } from '../../video/video-codec.ts';

/**
 * H.265 cameras live, for browsers that do not decode H.265: the camera's own stream keeps its
 * hev1 codec string; asked with rendition=1 it comes as H.264 from one ffmpeg per camera, shared
 * by every viewer; past the software transcode cap (1 here) a viewer is told so.
 */
const boxType = (b: Buffer) => b.subarray(4, 8).toString('latin1');

/** The rendition ffmpegs this process runs now (its children whose argv keeps the source's keyframes). */
function renditionProcesses(input = 'pipe:0'): number {
  return childProcesses().filter(
    ({ argv }) => argv.some((a) => a.startsWith(input)) && argv.includes('-force_key_frames'),
  ).length;
}

interface Viewer {
  codec: Promise<{ codec: string; rendition: boolean }>;
  init: Promise<Buffer>;
  fragments: () => number;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

function view(url: string): Viewer {
  const ws = new WebSocket(url);
  let fragments = 0;
  let onCodec: (c: { codec: string; rendition: boolean }) => void = () => {};
  let onInit: (b: Buffer) => void = () => {};
  const codec = new Promise<{ codec: string; rendition: boolean }>((r) => (onCodec = r));
  const init = new Promise<Buffer>((r) => (onInit = r));
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return onCodec(JSON.parse(data.toString()));
    const b = data as Buffer;
    if (boxType(b) === 'ftyp') onInit(b);
    else fragments++;
  });
  const closed = new Promise<{ code: number; reason: string }>((r) =>
    ws.on('close', (code, reason) => r({ code, reason: reason.toString() })),
  );
  return { codec, init, fragments: () => fragments, closed, close: () => ws.close() };
}

describe('live H.265 and its H.264 rendition', () => {
  let t: TestApp;
  let base: string;
  let owner: AuthResult;
  let camera: string;
  let second: string;
  const feeders: ChildProcess[] = [];
  const liveFeeds = new Map<string, LiveFeed>();

  /** An H.265 camera's live feed, as the recorder makes it (copy of the camera, one fragment per frame). */
  function h265Feed(): LiveFeed {
    const feed = new LiveFeed();
    const ffmpeg = spawn('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
      ...[
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error:keyint=15',
        '-pix_fmt',
        'yuv420p',
      ],
      ...['-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof+frag_every_frame'],
      ...['-flush_packets', '1', 'pipe:1'],
    ]);
    ffmpeg.stdout!.on('data', (d: Buffer) => feed.push(d));
    feeders.push(ffmpeg);
    return feed;
  }

  const url = async (id: string, rendition: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${id}/live-ticket`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return `${base}${res.json().url}${rendition ? '&rendition=1' : ''}`;
  };

  beforeAll(async () => {
    t = await createTestApp({ VIGIL_MAX_SOFTWARE_TRANSCODES: '1' }, { video: { liveFeeds } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUp(t.app);
    camera = await createTestPatternCamera(t.app, owner.token, 'Gate', 'off');
    second = await createTestPatternCamera(t.app, owner.token, 'Dock', 'off');
    liveFeeds.set(camera, h265Feed());
    liveFeeds.set(second, h265Feed());
    await waitFor(() => [...liveFeeds.values()].every((f) => f.fragments > 5), 20_000, 'the H.265 feeds to run');
  });
  afterAll(async () => {
    for (const f of feeders) f.kill('SIGKILL');
    await t.close();
  });

  it('sends the camera’s own H.265 with its hev1 codec string to a browser that decodes it', async () => {
    const v = view(await url(camera, false));
    const { codec, rendition } = await v.codec;
    expect(rendition).toBe(false);
    expect(codec).toMatch(/^hev1\.1\.6\.L\d+\.90$/);
    expect(readVideoCodec(await v.init)?.name).toBe('hevc');
    v.close();
    expect(renditionProcesses()).toBe(0);
  });

  it('makes one H.264 rendition for every viewer who asks for it', async () => {
    const a = view(await url(camera, true));
    const b = view(await url(camera, true));
    for (const v of [a, b]) {
      const { codec, rendition } = await v.codec;
      expect(rendition).toBe(true);
      expect(codec).toMatch(/^avc1\./);
      expect(readVideoCodec(await v.init)?.name).toBe('h264');
    }
    await waitFor(() => a.fragments() > 10 && b.fragments() > 10, 15_000, 'rendition frames to both viewers');
    expect(renditionProcesses()).toBe(1);

    // A third, on another H.265 camera, is one software transcode past the cap (1).
    const c = view(await url(second, true));
    expect((await c.closed).code).toBe(4429);
    // WebRTC carries H.264: the same camera refused the same way, with the catalogue's code.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${second}/webrtc`,
      headers: bearer(owner.token),
      payload: { sdp: 'v=0' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('live/transcode-limit');
    a.close();
    b.close();
    // A little after the last viewer left, its ffmpeg ends.
    await waitFor(() => renditionProcesses() === 0, 10_000, 'the rendition to stop');
  });

  it('reads the camera’s substream, with its credentials, when it has one', async () => {
    const sub = await startRtspServer({ user: 'view', password: 'p@ss' });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/cameras',
        headers: bearer(owner.token),
        payload: {
          name: 'Yard',
          source: { type: 'rtsp', url: 'rtsp://127.0.0.1:9/main' },
          substreamUrl: sub.url.replace('rtsp://', 'rtsp://view:p%40ss@'),
          recordingMode: 'off',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const yard = res.json().id as string;
      liveFeeds.set(yard, h265Feed());
      await waitFor(() => (liveFeeds.get(yard)?.fragments ?? 0) > 5, 20_000, 'the main feed to run');
      const v = view(await url(yard, true));
      const { codec, rendition } = await v.codec;
      expect(rendition).toBe(true);
      expect(codec).toMatch(/^avc1\./);
      await waitFor(() => v.fragments() > 5, 15_000, 'frames of the substream');
      // The substream is read (the camera's own address, its credentials), not the main feed.
      expect(renditionProcesses(`rtsp://view:p%40ss@127.0.0.1:${sub.port}/`)).toBe(1);
      expect(renditionProcesses('pipe:0')).toBe(0);
      v.close();
      await waitFor(() => renditionProcesses('rtsp://') === 0, 10_000, 'the substream rendition to stop');
    } finally {
      await sub.stop();
    }
  });

  it('a substream that gives no picture: the rendition reads the main feed instead', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cameras',
      headers: bearer(owner.token),
      payload: {
        name: 'Shed',
        source: { type: 'rtsp', url: 'rtsp://127.0.0.1:9/main' },
        substreamUrl: 'rtsp://127.0.0.1:9/nothing-listens-here',
        recordingMode: 'off',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const shed = res.json().id as string;
    liveFeeds.set(shed, liveFeeds.get(second)!);
    const v = view(await url(shed, true));
    expect((await v.codec).codec).toMatch(/^avc1\./);
    await waitFor(() => v.fragments() > 5, 15_000, 'frames from the main feed');
    expect(renditionProcesses('pipe:0')).toBe(1);
    v.close();
    await waitFor(() => renditionProcesses('pipe:0') === 0, 10_000, 'the rendition to stop');
  });

  it('HLS gets the rendition too', async () => {
    const http = base.replace('ws:', 'http:');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cameras/${camera}/live-ticket`,
      headers: bearer(owner.token),
    });
    const playlist = await fetch(`${http}${res.json().hlsUrl}&rendition=1`);
    expect(playlist.status).toBe(200);
    const text = await playlist.text();
    const initPath = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!;
    const hlsUrl = new URL(res.json().hlsUrl, http);
    const init = Buffer.from(await (await fetch(new URL(initPath, hlsUrl))).arrayBuffer());
    expect(readVideoCodec(init)?.name).toBe('h264');
    expect(renditionProcesses()).toBe(1);
  });
});
