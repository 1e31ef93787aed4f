import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../e2e/fixtures/rtsp-server.ts';
import { startMjpegCamera } from '../../test/mjpeg-camera.ts';
import { AUTH_SECRET, cameraRow, segmentRows, waitFor, useTestRecorder } from '../../test/recorder-helpers.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { readBoxes } from './mp4-boxes.ts';

/** The transcoded sources: the built-in test pattern and an MJPEG-over-HTTP camera (served by ffmpeg). */
const rig = useTestRecorder();

async function expectRecordsH264(cameraId: string) {
  await waitFor(async () => (await cameraRow(rig.db, cameraId)).status === 'online', 10_000, 'online');
  // The second segment: the first runs from the stream's first frame to the first keyframe after
  // a clock-aligned cut, up to two keyframe intervals when the first frames arrived in a burst.
  const [, seg] = await waitFor(
    async () => {
      const rows = await segmentRows(rig.db, cameraId);
      return rows.length >= 2 ? rows : null;
    },
    20_000,
    'two segments',
  );
  const file = readFileSync(path.join(rig.mediaRoot, seg!.path));
  const boxes = readBoxes(file);
  expect(boxes.slice(0, 2).map((b) => b.type)).toEqual(['ftyp', 'moov']);
  expect(file.subarray(boxes[1]!.start, boxes[1]!.end).includes('avcC')).toBe(true);
  // Keyframes every 2 s: a 2 s segment is cut on time.
  const seconds = (seg!.endAt.getTime() - seg!.startAt.getTime()) / 1000;
  expect(seconds).toBeGreaterThan(1.5);
  expect(seconds).toBeLessThan(3.5);
  // The live feed carries the same H.264 to viewers.
  const feed = rig.recorder.liveFeeds.get(cameraId)!;
  expect(feed.initSegment!.includes('avcC')).toBe(true);
}

describe('transcoded sources', () => {
  it('a test-pattern camera records H.264 with no camera at all', async () => {
    const cam = await rig.addCamera({ sourceType: 'test-pattern' });
    await expectRecordsH264(cam.id);
    await rig.db.execute(sql`delete from cameras where id = ${cam.id}`);
    await rig.recorder.sync(cam.id);
  });

  it('an MJPEG-over-HTTP camera is transcoded to H.264', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/video.mjpg`;
    // ffmpeg as a multipart MJPEG camera (-listen 1 serves one client, the recorder).
    const camera: ChildProcess = spawn(
      'ffmpeg',
      [
        '-loglevel',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x240:rate=10',
        '-c:v',
        'mjpeg',
        '-q:v',
        '5',
      ].concat(['-f', 'mpjpeg', '-listen', '1', url]),
      { stdio: 'ignore' },
    );
    try {
      const cam = await rig.addCamera({ sourceType: 'mjpeg', sourceUrl: url });
      await expectRecordsH264(cam.id);
    } finally {
      camera.kill('SIGKILL');
    }
  });

  it('MJPEG cameras with a password record (Digest, and Basic labelled application/octet-stream), at the 8 fps they send', async () => {
    const box = createSecretBox(AUTH_SECRET);
    const password = 'p@ss:w0rd/"x"';
    const cameras = await Promise.all([
      startMjpegCamera({ auth: { scheme: 'digest', username: 'admin', password } }),
      startMjpegCamera({
        auth: { scheme: 'basic', username: 'admin', password },
        contentType: 'application/octet-stream',
      }),
    ]);
    try {
      const cams = await Promise.all(
        cameras.map((c) =>
          rig.addCamera({
            sourceType: 'mjpeg',
            sourceUrl: c.url,
            sourceUsername: 'admin',
            sourcePasswordEnc: box.seal(password),
          }),
        ),
      );
      await Promise.all(cams.map((cam) => expectRecordsH264(cam.id)));
      for (const cam of cams) {
        // Measured from the frames' times, not the demuxer's nominal 25.
        const row = await waitFor(
          async () => {
            const r = await cameraRow(rig.db, cam.id);
            return r.fps ? r : null;
          },
          10_000,
          'the measured video info',
        );
        expect(row).toMatchObject({ videoCodec: 'h264', width: 320, height: 240, fps: 8 });
        expect(row.lastError).toBeNull();
        await rig.db.execute(sql`delete from cameras where id = ${cam.id}`);
        await rig.recorder.sync(cam.id);
      }
      // Nothing the recorder logged carries the password.
      expect(rig.logs.join('\n')).not.toContain('p@ss');
      expect(rig.logs.join('\n')).not.toContain(encodeURIComponent(password));
    } finally {
      await Promise.all(cameras.map((c) => c.close()));
    }
  });
});
