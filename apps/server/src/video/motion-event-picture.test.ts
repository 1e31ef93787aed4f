import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startRtspServer } from '../../../../e2e/fixtures/rtsp-server.ts';
import { AUTH_SECRET, cameraRow, keyframesPass, useTestRecorder, waitFor } from '../../test/recorder-helpers.ts';
import { createMediaStore } from '../lib/media-store.ts';
import { createEventThumbnailTask } from '../modules/events/event-thumbnail.service.ts';
import { ffmpegTools } from './ffmpeg-binaries.ts';
import { walkJpeg } from './jpeg-walk.ts';

/**
 * A motion event's picture, as a recorder with the app's storage keeps it: the keyframe that
 * started the motion, encoded by the recorder's long-lived JPEG encoder, not grabbed from the
 * footage seconds later by an ffmpeg started for it (decision 0024).
 */
const rig = useTestRecorder({}, { storage: true });

async function readAll(key: string): Promise<{ bytes: Buffer; contentType: string }> {
  const stored = await rig.storage!.read(key);
  const chunks: Buffer[] = [];
  for await (const c of stored.stream) chunks.push(c as Buffer);
  return { bytes: Buffer.concat(chunks), contentType: stored.contentType };
}

/** Pixels of the picture brighter than mid-gray, decoded by a plain ffmpeg. */
function brightPixels(jpeg: Buffer): number {
  const r = spawnSync(
    ffmpegTools().ffmpeg.path,
    ['-v', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    {
      input: jpeg,
    },
  );
  expect(r.status).toBe(0);
  return r.stdout.filter((v) => v > 128).length;
}

describe('motion event pictures', () => {
  it('the keyframe that started the motion is the event picture within a second, and the thumbnail job then has nothing to do', async () => {
    const cam = await startRtspServer({ pattern: 'black', keyframeInterval: 15 });
    try {
      const row = await rig.addCamera({ sourceUrl: cam.url });
      await waitFor(async () => (await cameraRow(rig.db, row.id)).status === 'online', 30_000, 'online');
      await keyframesPass(rig.recorder, row.id, 3);
      await cam.setPattern('ball');
      const event = await waitFor(
        async () =>
          (
            await rig.db.execute<{ id: string; created_at: Date }>(
              sql`select id, created_at from events where camera_id = ${row.id} and kind = 'motion'`,
            )
          ).rows[0],
        10_000,
        'a motion event',
      );
      const key = await waitFor(
        async () =>
          (await rig.db.execute<{ k: string | null }>(sql`select thumbnail_key k from events where id = ${event.id}`))
            .rows[0]?.k,
        5000,
        'its picture',
      );
      // Long before the footage of the moment is indexed (a 2 s segment must close first).
      const after = Date.now() - new Date(event.created_at).getTime();
      expect(after, `picture ${after} ms after the event`).toBeLessThan(1500);
      expect(key).toBe(`workspaces/${rig.workspaceId}/events/${event.id}.jpg`);
      const { bytes, contentType } = await readAll(key);
      expect(contentType).toBe('image/jpeg');
      expect(walkJpeg(bytes, 0)).toMatchObject({ end: bytes.length, frame: { width: 320 } });
      // The ball on black: the picture that showed the motion, not the black one before it.
      expect(brightPixels(bytes)).toBeGreaterThan(50);

      // The queued job finds the picture there: no ffmpeg, nothing replaced.
      const task = createEventThumbnailTask({
        db: rig.db,
        media: createMediaStore(rig.mediaRoot, AUTH_SECRET),
        storage: rig.storage!,
        ffmpegPath: '/nonexistent/ffmpeg',
      });
      expect(await task.run(event.id)).toBe('done');
      expect((await readAll(key)).bytes).toEqual(bytes);
      expect(rig.logs.filter((l) => l.includes('picture not kept') || l.includes('JPEG encoder'))).toEqual([]);
    } finally {
      await cam.stop();
    }
  }, 60_000);
});
