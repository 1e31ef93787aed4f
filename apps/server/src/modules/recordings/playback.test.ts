import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationOf, generateSegments, insertCamera, type PlacedSegment, placeSegment } from '../../../test/footage.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, connectPg } from '../../../test/helpers.ts';

const run = promisify(execFile);
const T0 = new Date('2026-03-10T09:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000).toISOString();

describe('playback: HLS VOD, signed segments with Range, thumbnails', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let camera: string;
  let foreignCamera: string;
  let placed: PlacedSegment[];
  let total: number;
  let media: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    const client = await connectPg(t.databaseUrl);
    try {
      const ws = owner.workspace.id;
      camera = await insertCamera(client, ws, 'Door');
      foreignCamera = await insertCamera(client, stranger.workspace.id, 'Theirs');
      const files = await generateSegments(path.join(t.config.dataDir, 'gen'));
      const secs = await Promise.all(files.map(durationOf));
      total = secs.reduce((a, b) => a + b, 0);
      media = path.join(t.config.dataDir, 'media');
      // Two contiguous segments, a 6 s hole, a third.
      const starts = [0, secs[0]!, secs[0]! + secs[1]! + 6];
      placed = [];
      for (const [i, s] of starts.entries()) {
        const source = files[i]!;
        const opts = {
          workspaceId: ws,
          cameraId: camera,
          recordingId: null,
          source,
          startAt: new Date(at(s)),
          seconds: secs[i]!,
        };
        placed.push(await placeSegment(client, media, opts));
      }
    } finally {
      await client.end();
    }
  });
  afterAll(() => t.close());

  const vod = (token: string, id: string, from = at(-60), to = at(60)) =>
    t.app.inject({ method: 'GET', url: `/api/v1/cameras/${id}/vod.m3u8`, query: { from, to }, headers: bearer(token) });

  it('builds an HLS v7 VOD playlist: per-file init map, media byte ranges, a discontinuity at the gap', async () => {
    const res = await vod(owner.token, camera);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/mpegurl/);
    const lines = res.body.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(['#EXTM3U', '#EXT-X-VERSION:7']);
    expect(lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(lines).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(lines).toContain('#EXT-X-TARGETDURATION:2');
    expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
    const maps = lines.filter((l) => l.startsWith('#EXT-X-MAP:'));
    const ranges = lines.filter((l) => l.startsWith('#EXT-X-BYTERANGE:'));
    expect(maps).toHaveLength(3);
    placed.forEach((p, i) => {
      expect(p.initBytes).toBeGreaterThan(100);
      expect(maps[i]).toMatch(new RegExp(`BYTERANGE="${p.initBytes}@0"$`));
      expect(ranges[i]).toBe(`#EXT-X-BYTERANGE:${p.bytes - p.initBytes}@${p.initBytes}`);
    });
    expect(lines.filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength(1);
    // The discontinuity comes right before the third entry (its program date time).
    const disc = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(lines[disc + 1]).toBe(`#EXT-X-PROGRAM-DATE-TIME:${placed[2]!.startAt.toISOString()}`);
    expect(lines.filter((l) => l.startsWith('#EXT-X-PROGRAM-DATE-TIME:'))[0]).toBe(`#EXT-X-PROGRAM-DATE-TIME:${at(0)}`);
  });

  it('a signed segment URL answers a Range request with 206 and exactly those bytes; bad signatures → 403', async () => {
    const text = (await vod(owner.token, camera)).body;
    const url = text.split('\n').find((l) => l.startsWith('/api/v1/media/segment.mp4?'))!;
    const p = placed[0]!;
    const file = await readFile(path.join(media, p.path));
    const res = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${p.initBytes}-${p.bytes - 1}` } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${p.initBytes}-${p.bytes - 1}/${p.bytes}`);
    expect(res.rawPayload.equals(file.subarray(p.initBytes))).toBe(true);
    const init = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=0-${p.initBytes - 1}` } });
    expect(init.rawPayload.equals(file.subarray(0, p.initBytes))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(file)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${p.bytes}-` } })).statusCode).toBe(416);

    const u = new URL(url, 'http://x');
    const tampered = new URL(u);
    tampered.searchParams.set('signature', `${u.searchParams.get('signature')!.slice(0, -2)}AA`);
    const bad = await t.app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` });
    expect(bad.statusCode).toBe(403);
    expect(errorOf(bad).code).toBe('permission-denied');
    // The signature is scoped to the path: another file with the same signature is refused.
    const other = new URL(u);
    other.searchParams.set('path', placed[1]!.path);
    expect((await t.app.inject({ method: 'GET', url: `${other.pathname}${other.search}` })).statusCode).toBe(403);
    const expired = new URL(u);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await t.app.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` })).statusCode).toBe(403);
  });

  it('ffprobe reads the playlist end to end over HTTP with the bearer', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const q = new URLSearchParams({ from: at(-60), to: at(60) });
    const url = `${address}/api/v1/cameras/${camera}/vod.m3u8?${q}`;
    const { stdout } = await run(
      'ffprobe',
      [
        '-v',
        'error',
        '-headers',
        `Authorization: Bearer ${owner.token}\r\n`,
        '-show_entries',
        'format=duration',
        '-of',
        'json',
        url,
      ],
      { timeout: 30_000 },
    );
    expect(Number(JSON.parse(stdout).format.duration)).toBeCloseTo(total, 0);
    expect(Math.abs(Number(JSON.parse(stdout).format.duration) - total)).toBeLessThanOrEqual(0.5);
  });

  it('playlist validation and scoping: another workspace → 404, bad range → 400, over a day → out-of-range', async () => {
    expect((await vod(owner.token, foreignCamera)).statusCode).toBe(404);
    expect(errorOf(await vod(owner.token, camera, 'soon', at(0))).code).toBe('invalid-argument');
    expect(errorOf(await vod(owner.token, camera, at(0), at(2 * 86400))).code).toBe('out-of-range');
    expect((await vod(stranger.token, camera)).statusCode).toBe(404);
    const empty = await vod(owner.token, camera, at(3600), at(7200));
    expect(empty.statusCode).toBe(200);
    expect(empty.body).not.toContain('#EXTINF');
  });

  it('thumbnail: a JPEG of the frame at a time, cached beside the segment; 404 where there is no footage', async () => {
    const thumb = (id: string, when: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/cameras/${id}/thumbnail`,
        query: { at: when },
        headers: bearer(owner.token),
      });
    const res = await thumb(camera, at(1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // 1 s into the segment snaps to the 2 s grid's 0 s frame (thumbnail.ts THUMBNAIL_GRID_SECONDS).
    const cached = await readFile(path.join(media, `${placed[0]!.path}.thumbs`, '0.jpg'));
    expect(cached.equals(res.rawPayload)).toBe(true);
    // In the gap, before all footage, and on another workspace's camera: not found.
    for (const [id, when] of [
      [camera, at(placed[1]!.endAt.getTime() / 1000 - T0.getTime() / 1000 + 2)],
      [camera, at(-5)],
      [foreignCamera, at(1)],
    ] as const) {
      const miss = await thumb(id, when);
      expect(miss.statusCode, when).toBe(404);
      expect(errorOf(miss).code).toBe('not-found');
    }
  });
});
