import { readFileSync } from 'node:fs';
import type { AuthResult } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, bearer, createTestApp, createTestPatternCamera, signUp } from '../../../test/harness.ts';
import { LiveFeed } from '../../video/live-feed.ts';

/** Real ffmpeg output of a test-pattern camera with the live-feed flags (video/live-feed.unit.test.ts). */
const sample = readFileSync(new URL('../../video/fixtures/live-sample.mp4', import.meta.url));

describe('camera snapshot (a picture to draw motion zones on)', () => {
  let t: TestApp;
  let owner: AuthResult;
  let stranger: AuthResult;
  let camera: string;
  let offlineCamera: string;
  let foreignCamera: string;
  const liveFeeds = new Map<string, LiveFeed>();

  const snapshot = (token: string, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/cameras/${id}/snapshot`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp({}, { video: { liveFeeds } });
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    camera = await createTestPatternCamera(t.app, owner.token, 'Door');
    offlineCamera = await createTestPatternCamera(t.app, owner.token, 'Yard');
    foreignCamera = await createTestPatternCamera(t.app, stranger.token, 'Theirs');
    // The recorder's live feed of the test-pattern camera, fed with real ffmpeg output.
    const feed = new LiveFeed();
    feed.push(sample);
    liveFeeds.set(camera, feed);
    liveFeeds.set(foreignCamera, feed);
  });
  afterAll(() => t.close());

  it('answers a JPEG of the current picture, never cached', async () => {
    const res = await snapshot(owner.token, camera);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    const jpeg = res.rawPayload;
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(jpeg.length).toBeGreaterThan(500);
  });

  it('hides another workspace’s camera', async () => {
    const res = await snapshot(owner.token, foreignCamera);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not-found');
  });

  it('says plainly when the camera sends no video', async () => {
    const res = await snapshot(owner.token, offlineCamera);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'unavailable',
      message: 'The camera is not sending video right now.',
    });
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/cameras/${camera}/snapshot` });
    expect(res.statusCode).toBe(401);
  });
});
