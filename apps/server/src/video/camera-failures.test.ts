import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RtspServer, freePort, startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { type MjpegCamera, startMjpegCamera, startSilentPort } from '../../test/mjpeg-camera.ts';
import { AUTH_SECRET, cameraRow, insertCamera, waitFor, useTestRecorder } from '../../test/recorder-helpers.ts';
import { createSecretBox } from '../lib/secrets.ts';
import { segmentDir } from './paths.ts';

/**
 * The recorder names each way a camera fails in its lastError, from the shared catalogue, for
 * RTSP and MJPEG alike. Everything is on 127.0.0.1 (an unreachable camera is a port that accepts
 * and never answers), or under .invalid (a name that never resolves).
 */
const rig = useTestRecorder();

describe('camera failures in lastError', () => {
  let rtsp: RtspServer;
  let mjpeg: MjpegCamera;
  let silent: Awaited<ReturnType<typeof startSilentPort>>;
  let json: ReturnType<typeof createServer>;
  let jsonUrl: string;

  beforeAll(async () => {
    [rtsp, mjpeg, silent] = await Promise.all([
      startRtspServer(),
      startMjpegCamera({ auth: { scheme: 'digest', username: 'admin', password: 'right-one' } }),
      startSilentPort(),
    ]);
    json = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    await new Promise<void>((r) => json.listen(0, '127.0.0.1', r));
    jsonUrl = `http://127.0.0.1:${(json.address() as AddressInfo).port}/status`;
  });
  afterAll(async () => {
    await Promise.all([rtsp?.stop(), mjpeg?.close(), silent?.close()]);
    await new Promise((r) => json?.close(r));
  });

  it('refused port, 401, 404, host not found, unreachable and not a video stream each get their own sentence', async () => {
    const closed = await freePort();
    const box = createSecretBox(AUTH_SECRET);
    const mjpegPath = new URL(mjpeg.url);
    const cases: [Parameters<typeof rig.addCamera>[0], string][] = [
      [
        { sourceType: 'rtsp', sourceUrl: `rtsp://127.0.0.1:${closed}/live` },
        `Connection refused by 127.0.0.1:${closed}: nothing is listening on that port, check the port in the URL.`,
      ],
      [
        { sourceType: 'mjpeg', sourceUrl: `http://127.0.0.1:${closed}/video.mjpg` },
        `Connection refused by 127.0.0.1:${closed}: nothing is listening on that port, check the port in the URL.`,
      ],
      [
        {
          sourceType: 'mjpeg',
          sourceUrl: mjpeg.url,
          sourceUsername: 'admin',
          sourcePasswordEnc: box.seal('wrong-one'),
        },
        'The camera rejected the user name or password (401): check them.',
      ],
      // RTSP's 401 is in recorder.test.ts.
      [
        { sourceType: 'rtsp', sourceUrl: rtsp.url.replace('/test', '/nope') },
        'The camera has no stream at this path (404): check the path in the URL.',
      ],
      [
        { sourceType: 'mjpeg', sourceUrl: `http://${mjpegPath.host}/nope.mjpg` },
        'The camera has no stream at this path (404): check the path in the URL.',
      ],
      [
        { sourceType: 'rtsp', sourceUrl: 'rtsp://vigil-test-camera.invalid/live' },
        'Host not found: vigil-test-camera.invalid does not resolve, check the address in the URL.',
      ],
      [
        { sourceType: 'mjpeg', sourceUrl: 'http://vigil-test-camera.invalid/video.mjpg' },
        'Host not found: vigil-test-camera.invalid does not resolve, check the address in the URL.',
      ],
      [
        { sourceType: 'rtsp', sourceUrl: `rtsp://127.0.0.1:${silent.port}/live` },
        `The camera did not answer at 127.0.0.1:${silent.port}: check that it is on and connected, and that the address is right.`,
      ],
      [
        { sourceType: 'mjpeg', sourceUrl: `http://127.0.0.1:${silent.port}/video.mjpg` },
        `The camera did not answer at 127.0.0.1:${silent.port}: check that it is on and connected, and that the address is right.`,
      ],
      [
        { sourceType: 'mjpeg', sourceUrl: jsonUrl },
        'This address answers, but not with a video stream: check the URL and the stream type.',
      ],
      [
        // An HTTP server is no RTSP camera.
        { sourceType: 'rtsp', sourceUrl: jsonUrl.replace('http://', 'rtsp://') },
        'This address answers, but not with a video stream: check the URL and the stream type.',
      ],
    ];
    const cams = await Promise.all(cases.map(([row]) => rig.addCamera(row)));
    const errors = await Promise.all(
      cams.map((cam, i) =>
        waitFor(
          async () => (await cameraRow(rig.db, cam.id)).lastError,
          20_000,
          `the error of ${JSON.stringify(cases[i]![0])}`,
        ),
      ),
    );
    expect(errors).toEqual(cases.map(([, sentence]) => sentence));
    for (const cam of cams) expect((await cameraRow(rig.db, cam.id)).status).not.toBe('online');
    expect(rig.logs.join('\n')).not.toContain('wrong-one');
    for (const cam of cams) {
      await rig.db.execute(sql`delete from cameras where id = ${cam.id}`);
      await rig.recorder.sync(cam.id);
    }
  }, 60_000);

  it('a camera whose start failed half way is started again, not left leased and "offline" with no error', async () => {
    // The start fails where the database or the disk would: its segment folder cannot be made
    // (a file stands where the camera's folder goes). The cause gone, the retry starts it.
    const cam = await insertCamera(rig.db, rig.workspaceId, { sourceType: 'rtsp', sourceUrl: rtsp.url });
    const blocker = path.dirname(segmentDir(rig.mediaRoot, rig.workspaceId, cam.id));
    await mkdir(path.dirname(blocker), { recursive: true });
    await writeFile(blocker, 'not a folder');
    await rig.recorder.sync(cam.id);
    await waitFor(
      () => rig.logs.some((l) => l.startsWith(`camera ${cam.id}:`) && /ENOTDIR|EEXIST/.test(l)),
      10_000,
      'the failed start in the log',
    );
    expect((await cameraRow(rig.db, cam.id)).status).not.toBe('online');
    await rm(blocker);
    await waitFor(
      async () => (await cameraRow(rig.db, cam.id)).status === 'online',
      30_000,
      () => `the camera online after the retry (log: ${rig.logs.filter((l) => l.includes(cam.id)).join(' | ')})`,
    );
    await rig.db.execute(sql`delete from cameras where id = ${cam.id}`);
    await rig.recorder.sync(cam.id);
  }, 60_000);
});
