import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RtspServer, startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { childProcesses } from '../../test/child-processes.ts';
import { type Stub, codeProjectAnswer, parseMultipart, startStub } from '../../test/ai-stubs.ts';
import {
  AUTH_SECRET,
  insertCamera,
  insertOwner,
  keyframesPass,
  videoTestDb,
  waitFor,
} from '../../test/recorder-helpers.ts';
import { type RealtimeEvent, type RealtimeHub, createRealtimeHub } from '../lib/realtime.ts';
import { createLocalStorage } from '../lib/storage.ts';
import { jpegSize } from '../modules/ai/frames.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { type Recorder, createRecorder } from './recorder.ts';

/**
 * The motion-gated AI pipeline against real ffmpeg, the GStreamer RTSP camera and a
 * local server speaking CodeProject.AI's protocol (everything real but the model, which answers
 * "a person" for any picture: the local detector's own tests cover finding one in a photograph).
 * Motion on an AI-enabled camera → frames analysed about once a second → one `ai.detection` event
 * attached to the motion event, with its boxed thumbnail, alert severity, the notification job,
 * every analysis counted; once the picture is still, no more analyses.
 */
describe('AI pipeline (motion-gated)', () => {
  let t: Awaited<ReturnType<typeof videoTestDb>>;
  let recorder: Recorder;
  let rtsp: RtspServer;
  let codeproject: Stub;
  let workspaceId: string;
  const logs: string[] = [];
  let hub: RealtimeHub;
  const heard: RealtimeEvent[] = [];
  const storageDir = mkdtempSync(path.join(inject('tmpRoot'), 'ai-storage-'));

  beforeAll(async () => {
    t = await videoTestDb();
    workspaceId = (await insertOwner(t.db)).workspaceId;
    await t.db.execute(sql`update users set limits = jsonb_set(limits, '{aiAnalysisQuota}', '1000'), ai_access = true
                           where id = (select owner_id from workspaces where id = ${workspaceId})`);
    // The Pro plan (AI access), as the admin grants it: the analyser checks the plan on every frame.
    await t.db.execute(sql`insert into subscriptions (workspace_id, plan_key, status, trial_end_date, source, period_start)
                           values (${workspaceId}, 'pro', 'active', now(), 'complimentary', now())`);
    // A person in the lower half of a 640 × 360 picture.
    codeproject = await startStub({
      status: 200,
      json: codeProjectAnswer([{ label: 'person', confidence: 0.88, x_min: 256, y_min: 144, x_max: 384, y_max: 342 }]),
    });
    await t.db.execute(
      sql`insert into ai_settings (workspace_id, codeproject_url) values (${workspaceId}, ${codeproject.url})`,
    );
    rtsp = await startRtspServer({ pattern: 'black' });
    recorder = createRecorder({
      allowLoopbackTargets: true,
      databaseUrl: t.databaseUrl,
      mediaRoot: t.mediaRoot,
      authSecret: AUTH_SECRET,
      segmentSeconds: 2,
      log: (m) => logs.push(m),
      storage: createLocalStorage(storageDir, AUTH_SECRET),
      ai: {},
    });
    await recorder.start();
    hub = createRealtimeHub(t.databaseUrl, () => {});
    await hub.start();
    hub.subscribe((e) => {
      if (e.topic === 'ai') heard.push(e);
    });
  }, 60_000);
  afterAll(async () => {
    await hub?.stop();
    await recorder?.stop();
    await rtsp?.stop();
    await codeproject?.close();
    await t?.close();
  });

  it('motion → analysed frames → one ai.detection event attached to it; a still picture costs nothing', async () => {
    const cam = await insertCamera(t.db, workspaceId, {
      sourceUrl: rtsp.url,
      recordingMode: 'off',
      ai: { enabled: true, provider: 'codeproject', labels: ['person', 'car'], alertLabels: ['person'], minScore: 0.5 },
    });
    await recorder.sync(cam.id);
    // Idle: the camera streams, nothing moves, nothing is analysed.
    await waitFor(() => recorder.pidOf(cam.id), 15_000, 'ffmpeg running');
    await keyframesPass(recorder, cam.id, 4);
    expect(codeproject.requests).toHaveLength(0);

    await rtsp.setPattern('ball');
    const event = await waitFor(
      async () =>
        (
          await t.db.execute<{
            id: string;
            severity: string;
            armed: boolean;
            zones: string[];
            detail: { labels: string[]; motionEventId: string; provider: string; detections: unknown[] };
            thumbnail_key: string | null;
          }>(sql`select id, severity, armed, zones, detail, thumbnail_key from events
                 where camera_id = ${cam.id} and kind = 'ai.detection'`)
        ).rows[0],
      30_000,
      'an ai.detection event',
    );
    const motion = (
      await t.db.execute<{ id: string; after_ms: number }>(
        sql`select m.id, extract(epoch from (a.start_at - m.start_at)) * 1000 as after_ms
            from events m, events a where m.camera_id = ${cam.id} and m.kind = 'motion' and a.id = ${event.id}`,
      )
    ).rows;
    // Motion → ai.detection: the figure the issue asks for (one keyframe, one decode, one provider call).
    console.log(`motion → ai.detection: ${Math.round(Number(motion[0]?.after_ms))} ms`);
    expect(Number(motion[0]?.after_ms)).toBeLessThan(10_000);
    expect(motion).toHaveLength(1);
    expect(event.detail).toMatchObject({ labels: ['person'], motionEventId: motion[0]!.id, provider: 'codeproject' });
    expect(event.detail.detections).toEqual([{ label: 'person', score: 0.88, box: [0.4, 0.4, 0.6, 0.95] }]);
    expect(event).toMatchObject({ severity: 'alert', armed: true });
    // The thumbnail: the analysed frame with its box drawn, where the events' pictures are kept.
    const thumb = readFileSync(path.join(storageDir, event.thumbnail_key!));
    expect(jpegSize(thumb)).toEqual({ width: 640, height: 360 });
    // The notification rules hear of it through the same job as motion.
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from graphile_worker._private_jobs j
          join graphile_worker._private_tasks k on k.id = j.task_id
          where k.identifier = 'notify-event' and j.payload->>'eventId' = ${event.id}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);
    // What the provider received: the live frame as a 640 × 360 JPEG.
    const req = codeproject.requests[0]!;
    const image = parseMultipart(req.body, req.headers['content-type'] ?? '').find((p) => p.name === 'image')!;
    expect(jpegSize(image.data)).toEqual({ width: 640, height: 360 });
    // Made by the recorder's long-lived JPEG encoder (keyframe-jpeg.ts), not an ffmpeg per frame.
    const encoders = childProcesses().filter(
      ({ argv }) => argv.includes('image2pipe') && argv.includes('scale=640:-2,format=yuvj420p'),
    );
    expect(encoders).toHaveLength(1);

    // Each analysed frame with detections went out on the `ai` topic, for boxes over the live view.
    const message = await waitFor(() => heard[0], 5000, 'an ai realtime message');
    expect(message).toMatchObject({ workspaceId, cameraId: cam.id, id: event.id });
    expect(message.data).toMatchObject({
      cameraId: cam.id,
      eventId: event.id,
      detections: [{ label: 'person', score: 0.88, box: [0.4, 0.4, 0.6, 0.95] }],
    });
    expect(Number.isNaN(Date.parse((message.data as { at: string }).at))).toBe(false);

    // Still again: motion ends, analyses stop; every one was counted.
    await rtsp.setPattern('black');
    await waitFor(
      async () =>
        (
          await t.db.execute<{ n: number }>(
            sql`select count(*)::int as n from events where camera_id = ${cam.id} and kind = 'motion' and end_at is not null`,
          )
        ).rows[0]!.n === 1 || undefined,
      30_000,
      'the motion event to end',
    );
    // An analysis already under way when the motion ended may still land; then none for still pictures.
    await keyframesPass(recorder, cam.id, 2);
    const settled = codeproject.requests.length;
    await keyframesPass(recorder, cam.id, 4);
    expect(codeproject.requests.length).toBe(settled);
    const used = await t.db.execute<{ used: number }>(
      sql`select (usage->>'aiAnalysisUsed')::int as used from users where id = (select owner_id from workspaces where id = ${workspaceId})`,
    );
    expect(used.rows[0]!.used).toBe(settled);
    const events = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where camera_id = ${cam.id} and kind = 'ai.detection'`,
    );
    expect(events.rows[0]!.n).toBe(1);
  }, 120_000);
  it('a photograph with a person walks into the RTSP camera: the built-in detector finds her, an alert follows', async () => {
    // The photograph the local detector's own test uses (an npm package ships it): a seated woman,
    // laid over the RTSP test camera's still black picture and moved along, so there is motion and
    // every keyframe shows her.
    const samples = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
      '..',
      'assets',
      'samples.jpg',
    );
    const photo = path.join(mkdtempSync(path.join(inject('tmpRoot'), 'ai-photo-')), 'person.jpg');
    execFileSync(ffmpegTools().ffmpeg.path, [
      '-v',
      'error',
      '-i',
      samples,
      '-vf',
      'crop=146:158:166:0,scale=292:316',
      '-frames:v',
      '1',
      '-y',
      photo,
    ]);
    const camera = await startRtspServer({ pattern: 'black', overlay: photo });
    let walking = true;
    try {
      const cam = await insertCamera(t.db, workspaceId, {
        name: 'Hall',
        sourceType: 'rtsp',
        sourceUrl: camera.url,
        recordingMode: 'off',
        ai: { enabled: true, provider: 'local', labels: ['person'], alertLabels: ['person'], minScore: 0.4 },
      });
      await recorder.sync(cam.id);
      await waitFor(() => recorder.pidOf(cam.id), 15_000, 'ffmpeg running');
      // The empty hall first, for motion detection to compare with.
      await keyframesPass(recorder, cam.id, 3);
      // She walks in and along, a step a second, until the detector has seen her.
      void (async () => {
        for (let step = 0; walking; step++) {
          await camera.overlay([60, 160, 260][step % 3]!).catch(() => {});
          await new Promise((r) => setTimeout(r, 1000));
        }
      })();
      const event = await waitFor(
        async () =>
          (
            await t.db.execute<{
              severity: string;
              detail: { labels: string[]; provider: string; motionEventId: string; detections: { score: number }[] };
            }>(sql`select severity, detail from events where camera_id = ${cam.id} and kind = 'ai.detection'`)
          ).rows[0],
        60_000,
        'an ai.detection event from the built-in detector',
      );
      expect(event.severity).toBe('alert');
      expect(event.detail).toMatchObject({ labels: ['person'], provider: 'local' });
      expect(event.detail.detections[0]!.score).toBeGreaterThanOrEqual(0.4);
      // Attached to the motion her walking made.
      const motion = await t.db.execute<{ kind: string }>(
        sql`select kind from events where id = ${event.detail.motionEventId} and camera_id = ${cam.id}`,
      );
      expect(motion.rows[0]?.kind).toBe('motion');
    } finally {
      walking = false;
      await camera.stop();
    }
  }, 120_000);
});
