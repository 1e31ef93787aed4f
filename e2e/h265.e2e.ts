import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { addCamera, deleteCamera, today, waitForFootage, waitOnline } from './fixtures/cameras.ts';
import { DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { expectLivePlaying, expectVideoPlaying } from './fixtures/live.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const run = promisify(execFile);
const base = inject('baseUrl');
const browser = useBrowser();
/** A current phone's width. */
const PHONE_390 = { width: 390, height: 844 };

/**
 * An H.265 camera (GStreamer's x265 behind RTSP) in a Chromium that has no H.265 decoder: it is
 * recorded as sent (segments keep hev1/Main and the level), plays live on MSE and WebRTC through
 * the server's one H.264 rendition (the tile says so), plays its recording through H.264 copies,
 * and exports as recorded (HEVC, its SHA-256) or compatible (H.264). A second H.265 camera while
 * the first one's rendition runs is one software transcode past the cap (1, global-setup.ts).
 */
describe('an H.265 camera in a browser without H.265', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string;
  let secondId: string | undefined;
  let rtsp: RtspServer;
  let second: RtspServer | undefined;
  let db: pg.Client;
  const auth = () => ({ authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Hugo Hevc');
    // H.265 with AAC sound, as most current main streams are sent.
    rtsp = await startRtspServer({ video: 'h265', audio: 'aac' });
    cameraId = await addCamera(base, owner, { name: 'Gate H265', source: { type: 'rtsp', url: rtsp.url } });
    await waitOnline(base, owner, cameraId);
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
  }, 90_000);
  afterAll(async () => {
    await db?.end();
    await deleteCamera(base, owner, cameraId);
    await deleteCamera(base, owner, secondId);
    await rtsp?.stop();
    await second?.stop();
  });

  /** The rendition ffmpegs running on this machine (their argv reads fMP4 on stdin and keeps keyframes). */
  function renditions(): number {
    let n = 0;
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (argv.includes('pipe:0') && argv.includes('-force_key_frames') && argv.includes('libx264')) n++;
      } catch {
        // Gone meanwhile.
      }
    }
    return n;
  }

  const tile = (page: Page, name: string) => page.getByRole('region', { name });
  it('records it as sent: each segment keeps its codec string, profile and level; the camera says so', async () => {
    await waitForFootage(base, owner, cameraId, { minMs: 4000, timeoutMs: 90_000 });
    const { rows } = await db.query<{ codec: string; profile: string; level: string }>(
      'select codec, profile, level from segments where camera_id = $1',
      [cameraId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.codec).toMatch(/^(hev1|hvc1)\.1\.6\.L\d+\.[0-9A-F.]+$/);
      expect(r.profile).toBe('Main');
      expect(r.level).toMatch(/^\d(\.\d)?$/);
    }
    const camera = (await (await fetch(`${base}/api/v1/cameras/${cameraId}`, { headers: auth() })).json()) as {
      video: { codec: string; codecString: string; profile: string };
    };
    expect(camera.video).toMatchObject({ codec: 'hevc', profile: 'Main', codecString: rows[0]!.codec });
  }, 120_000);

  it('the camera page says what the camera sends and what this browser gets', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE_390],
    ] as const) {
      const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, viewport);
      try {
        await page.goto(`${base}/viewer/cameras`);
        const card = page.getByTestId('camera-card').filter({ hasText: 'Gate H265' });
        await expect.poll(() => card.getByTestId('camera-video').textContent()).toMatch(/^H\.265 Main 640×360/);
        expect(await card.getByTestId('camera-delivery').textContent()).toBe('H.264 rendition');
        await card.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `h265-camera-${label}.png`) });
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    }
  }, 60_000);

  it('plays live on MSE and WebRTC through one shared H.264 rendition; the tile says so', async () => {
    const mse = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    const webrtc = await signedInPage(browser, base, owner.user.email, owner.password, PHONE_390);
    try {
      await mse.page.goto(`${base}/viewer/live?transport=mse`);
      await webrtc.page.goto(`${base}/viewer/live?transport=webrtc`);
      for (const [page, transport, said] of [
        [mse.page, 'MSE', 'H.265 Main · H.264 rendition'],
        // A phone's tile says it short, so the camera's name stays readable.
        [webrtc.page, 'WebRTC', 'H.265 → H.264'],
      ] as const) {
        await expectLivePlaying(page, 'Gate H265');
        expect(await tile(page, 'Gate H265').getByTestId('live-transport').textContent()).toBe(transport);
        await expect.poll(() => tile(page, 'Gate H265').getByTestId('live-codec').innerText()).toBe(said);
        expect(await tile(page, 'Gate H265').getByTestId('live-codec').getAttribute('data-delivery')).toBe('rendition');
      }
      // Two viewers on two transports, one transcode.
      expect(renditions()).toBe(1);
      await mse.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'h265-live-mse-desktop.png') });
      await webrtc.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'h265-live-webrtc-phone.png') });

      // A second H.265 camera needs a second software transcode: past the cap, the tile says why.
      second = await startRtspServer({ video: 'h265' });
      secondId = await addCamera(base, owner, {
        name: 'Dock H265',
        source: { type: 'rtsp', url: second.url },
        recordingMode: 'off',
      });
      await waitOnline(base, owner, secondId);
      await mse.page.reload();
      await expect
        .poll(() => tile(mse.page, 'Dock H265').getByRole('status').textContent(), { timeout: 40_000 })
        .toMatch(/already converting as many H\.265 cameras/);
      await expectLivePlaying(mse.page, 'Gate H265');
      await mse.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'h265-live-limit-desktop.png') });
      expect(mse.watch.errors).toEqual([]);
    } finally {
      await mse.ctx.close();
      await webrtc.ctx.close();
    }
    await deleteCamera(base, owner, secondId);
    secondId = undefined;
  }, 180_000);

  it('on Automatic and on HLS, with its sound: the rendition carries the camera’s AAC', async () => {
    const shown = (page: Page) =>
      tile(page, 'Gate H265')
        .locator('video[data-shown="true"]')
        .evaluate((v: HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) => ({
          audioBytes: v.webkitAudioDecodedByteCount ?? 0,
          audioTracks: v.srcObject instanceof MediaStream ? v.srcObject.getAudioTracks().length : 0,
        }));
    const unmute = (page: Page) =>
      tile(page, 'Gate H265').getByRole('button', { name: 'Turn on the sound of Gate H265' }).click();
    const auto = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    const hls = await signedInPage(browser, base, owner.user.email, owner.password, PHONE_390);
    try {
      // Automatic: a picture at once (MSE), then WebRTC takes over; both through the rendition.
      await auto.page.goto(`${base}/viewer/live?layout=1`);
      await expectLivePlaying(auto.page, 'Gate H265');
      // WebRTC normally takes over within seconds (live-start.e2e.ts times it); on a loaded machine
      // the tile may still be on MSE, which carries the sound as AAC: either way it must be heard.
      const transport = () => tile(auto.page, 'Gate H265').getByTestId('live-transport').textContent();
      await expect
        .poll(transport, { timeout: 30_000 })
        .toBe('WebRTC')
        .catch(() => {});
      await expectLivePlaying(auto.page, 'Gate H265');
      await unmute(auto.page);
      if ((await transport()) === 'WebRTC')
        await expect.poll(async () => (await shown(auto.page)).audioTracks, { timeout: 15_000 }).toBe(1);
      else await expect.poll(async () => (await shown(auto.page)).audioBytes, { timeout: 20_000 }).toBeGreaterThan(0);

      await hls.page.goto(`${base}/viewer/live?transport=hls&layout=1`);
      await expectLivePlaying(hls.page, 'Gate H265');
      expect(await tile(hls.page, 'Gate H265').getByTestId('live-transport').textContent()).toBe('HLS');
      await unmute(hls.page);
      await expect.poll(async () => (await shown(hls.page)).audioBytes, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(auto.watch.errors).toEqual([]);
      expect(hls.watch.errors).toEqual([]);
    } finally {
      await auto.ctx.close();
      await hls.ctx.close();
    }
  }, 120_000);

  it('plays its recording through H.264 copies of the footage', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    try {
      const { day } = await today(base, owner);
      await page.goto(`${base}/viewer/recordings?camera=${cameraId}&day=${day}`);
      const span = page.getByTestId('timeline-span').first();
      await span.waitFor();
      const box = (await span.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expectVideoPlaying(page.getByTestId('recording-video'));
      expect(await page.getByText('This footage could not be played').count()).toBe(0);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('exports as recorded (HEVC, the bytes its SHA-256 names) or compatible (H.264)', async () => {
    const span = await waitForFootage(base, owner, cameraId, { minMs: 8000, timeoutMs: 60_000 });
    const from = new Date(span.start + 1000).toISOString();
    const to = new Date(span.start + 5000).toISOString();
    const probe = async (format: 'recorded' | 'h264') => {
      const res = await fetch(`${base}/api/v1/exports`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ cameraId, from, to, format }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      let item: { status: string; sha256: string; format: string } | undefined;
      await expect
        .poll(
          async () => {
            item = await (await fetch(`${base}/api/v1/exports/${id}`, { headers: auth() })).json();
            return item?.status;
          },
          { timeout: 60_000 },
        )
        .toBe('done');
      const file = await fetch(`${base}/api/v1/exports/${id}/download`, { headers: auth() });
      const bytes = Buffer.from(await file.arrayBuffer());
      const out = path.join(SCREENSHOT_DIR, '..', `h265-export-${format}.mp4`);
      writeFileSync(out, bytes);
      const { stdout } = await run('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name',
        '-of',
        'csv=p=0',
        out,
      ]);
      const codecs = stdout.trim().split('\n');
      return {
        codec: codecs[0],
        codecs: codecs.sort(),
        item: item!,
        sha: createHash('sha256').update(bytes).digest('hex'),
      };
    };
    const recorded = await probe('recorded');
    expect(recorded.codec).toBe('hevc');
    // Picture and sound, in both formats.
    expect(recorded.codecs).toEqual(['aac', 'hevc']);
    expect(recorded.item.format).toBe('recorded');
    expect(recorded.sha).toBe(recorded.item.sha256);
    const compatible = await probe('h264');
    expect(compatible.codec).toBe('h264');
    expect(compatible.codecs).toEqual(['aac', 'h264']);
    expect(compatible.item.format).toBe('h264');
    expect(compatible.sha).toBe(compatible.item.sha256);
  }, 150_000);
});
