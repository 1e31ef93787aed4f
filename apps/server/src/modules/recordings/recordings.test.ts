import type { AuthResult } from '@vigil/shared';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationOf, generateSegments, insertCamera, insertRecording, placeSegment } from '../../../test/footage.ts';
import { type TestApp, bearer, createTestApp, signUp } from '../../../test/harness.ts';
import { errorOf, connectPg } from '../../../test/helpers.ts';

const T0 = new Date('2026-03-10T09:00:00Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000).toISOString();

describe('recordings: list, timeline, protect', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let camera: string;
  let foreignCamera: string;
  let recs: { first: string; second: string; later: string; foreign: string };
  let client: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    client = await connectPg(t.databaseUrl);
    const ws = owner.workspace.id;
    camera = await insertCamera(client, ws, 'Door');
    foreignCamera = await insertCamera(client, stranger.workspace.id, 'Theirs');
    const files = await generateSegments(path.join(t.config.dataDir, 'gen'));
    const secs = await Promise.all(files.map(durationOf));
    recs = {
      first: await insertRecording(client, {
        workspaceId: ws,
        cameraId: camera,
        startAt: new Date(at(0)),
        endAt: new Date(at(4)),
      }),
      second: await insertRecording(client, {
        workspaceId: ws,
        cameraId: camera,
        startAt: new Date(at(10)),
        endAt: new Date(at(12)),
      }),
      later: await insertRecording(client, {
        workspaceId: ws,
        cameraId: camera,
        startAt: new Date(at(2 * 86400)),
        endAt: new Date(at(2 * 86400 + 60)),
      }),
      foreign: await insertRecording(client, {
        workspaceId: stranger.workspace.id,
        cameraId: foreignCamera,
        startAt: new Date(at(0)),
        endAt: new Date(at(4)),
      }),
    };
    const media = path.join(t.config.dataDir, 'media');
    // Two contiguous segments, then a 6 s hole, then a third.
    const place = (i: number, start: number, recordingId: string) =>
      placeSegment(client, media, {
        workspaceId: ws,
        cameraId: camera,
        recordingId,
        source: files[i]!,
        startAt: new Date(at(start)),
        seconds: secs[i]!,
      });
    await place(0, 0, recs.first);
    await place(1, 2, recs.first);
    await place(2, 10, recs.second);
  });
  afterAll(async () => {
    await client.end();
    await t.close();
  });

  const list = (token: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/recordings', query, headers: bearer(token) });
  const timeline = (token: string, id: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/cameras/${id}/timeline`, query, headers: bearer(token) });

  it('lists the recordings overlapping a range, ordered by start', async () => {
    const res = await list(owner.token, { cameraId: camera, from: at(-3600), to: at(3 * 86400) });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items.map((i: { id: string }) => i.id)).toEqual([recs.first, recs.second, recs.later]);
    expect(items[0]).toEqual({
      id: recs.first,
      cameraId: camera,
      kind: 'continuous',
      start: at(0),
      end: at(4),
      bytes: 0,
      protected: false,
    });
    // A window touching only the second one; one ending exactly at a start excludes it.
    const narrow = await list(owner.token, { cameraId: camera, from: at(5), to: at(11) });
    expect(narrow.json().items.map((i: { id: string }) => i.id)).toEqual([recs.second]);
    const none = await list(owner.token, { cameraId: camera, from: at(-60), to: at(0) });
    expect(none.json().items).toEqual([]);
  });

  it('validates the range: bad ISO → invalid-argument; from ≥ to or over 31 days → out-of-range', async () => {
    for (const q of [
      { from: 'yesterday', to: at(0) },
      { from: at(0), to: '2026-13-45T00:00:00Z' },
      { from: '2026-03-10', to: at(60) },
    ]) {
      const res = await list(owner.token, { cameraId: camera, ...q });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
    for (const q of [
      { from: at(60), to: at(0) },
      { from: at(0), to: at(0) },
      { from: at(0), to: at(32 * 86400) },
    ]) {
      const res = await list(owner.token, { cameraId: camera, ...q });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(errorOf(res).code).toBe('out-of-range');
    }
    expect((await list(owner.token, { cameraId: camera, from: at(0), to: at(31 * 86400) })).statusCode).toBe(200);
    expect(errorOf(await list(owner.token, { cameraId: 'nope', from: at(0), to: at(1) })).code).toBe(
      'invalid-argument',
    );
  });

  it('another workspace’s camera or recording is not found; signed out → 401', async () => {
    const res = await list(owner.token, { cameraId: foreignCamera, from: at(-60), to: at(60) });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('not-found');
    expect((await timeline(owner.token, foreignCamera, { day: '2026-03-10' })).statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/recordings/${recs.foreign}`,
      headers: bearer(owner.token),
      payload: { protected: true },
    });
    expect(patch.statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'GET',
      url: '/api/v1/recordings',
      query: { cameraId: camera, from: at(0), to: at(1) },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('timeline: spans merged from segments, split at the gap, for the local day', async () => {
    const res = await timeline(owner.token, camera, { day: '2026-03-10', tz: 'Europe/Paris' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.day).toBe('2026-03-10');
    expect([body.start, body.end]).toEqual(['2026-03-09T23:00:00.000Z', '2026-03-10T23:00:00.000Z']);
    expect(body.spans).toEqual([
      { start: at(0), end: at(4) },
      { start: at(10), end: at(12) },
    ]);
    expect(body.recordings.map((r: { id: string }) => r.id)).toEqual([recs.first, recs.second]);
    // The Paris day before (ends 23:00Z on the 9th) holds nothing; a DST day is 23 h long.
    const before = (await timeline(owner.token, camera, { day: '2026-03-09', tz: 'Europe/Paris' })).json();
    expect(before.spans).toEqual([]);
    const dst = (await timeline(owner.token, camera, { day: '2026-03-29', tz: 'Europe/Paris' })).json();
    expect([dst.start, dst.end]).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    // Days are half-open: in UTC−9 the 10th starts exactly at the footage, and the 9th holds none of it.
    const west = (await timeline(owner.token, camera, { day: '2026-03-10', tz: 'Etc/GMT+9' })).json();
    expect(west.start).toBe(at(0));
    expect(west.spans).toHaveLength(2);
    expect((await timeline(owner.token, camera, { day: '2026-03-09', tz: 'Etc/GMT+9' })).json().spans).toEqual([]);
  });

  it('timeline validation: bad day, impossible date or unknown tz → invalid-argument', async () => {
    const bad: Record<string, string>[] = [
      { day: '10/03/2026' },
      { day: '2026-02-30' },
      { day: '2026-03-10', tz: 'Mars/Olympus' },
    ];
    for (const q of bad) {
      const res = await timeline(owner.token, camera, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(errorOf(res).code).toBe('invalid-argument');
    }
  });

  it('PATCH protects and releases a recording; an empty patch changes nothing', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/recordings/${recs.first}`, headers: bearer(owner.token), payload });
    const on = await patch({ protected: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().protected).toBe(true);
    const { rows } = await client.query('select protected from recordings where id = $1', [recs.first]);
    expect(rows[0].protected).toBe(true);
    expect((await patch({})).json().protected).toBe(true);
    expect((await patch({ protected: false })).json().protected).toBe(false);
    expect(errorOf(await patch({ protected: 'yes' })).code).toBe('invalid-argument');
    expect(errorOf(await patch({ kind: 'motion' })).code).toBe('invalid-argument');
  });
});
