import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { videoState } from './fixtures/live.ts';
import { addCamera, deleteCamera, waitForFootage, waitOnline } from './fixtures/cameras.ts';
import { probeLiveHls } from './fixtures/hls-probe.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * The cameras' sound in Chromium: an AAC camera and a G.711 µ-law one (GStreamer, a 440 Hz tone).
 * Live tiles start muted and each has its own sound button; MSE gets the AAC track in its live
 * fMP4 (G.711 converted by the recorder), WebRTC gets an Opus track. The camera page says what
 * each camera sends, and the form has the Record sound switch.
 */
const PHONE_390 = { ...PHONE, width: 390 };
const AAC = 'Porch AAC';
const PCMU = 'Shop G711';

describe('sound: live on every transport, the Record sound switch', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let aac: RtspServer;
  let pcmu: RtspServer;
  /** Only tested, never added: a camera that sends no sound. */
  let silent: RtspServer;
  const ids: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Sam Sound');
    [aac, pcmu, silent] = await Promise.all([
      startRtspServer({ audio: 'aac' }),
      startRtspServer({ audio: 'pcmu' }),
      startRtspServer(),
    ]);
    // The G.711 camera records too (its sound converted to AAC): its footage is played back below.
    for (const [name, cam, recordingMode] of [
      [AAC, aac, 'off'],
      [PCMU, pcmu, 'continuous'],
    ] as const)
      ids.push(await addCamera(base, owner, { name, source: { type: 'rtsp', url: cam.url }, recordingMode }));
    for (const id of ids) await waitOnline(base, owner, id);
  });
  afterAll(async () => {
    for (const id of ids) await deleteCamera(base, owner, id);
    await Promise.all([aac?.stop(), pcmu?.stop(), silent?.stop()]);
  });

  const tile = (page: Page, name: string) => page.getByRole('region', { name });
  const media = (page: Page, name: string) =>
    tile(page, name)
      .locator('video[data-shown="true"]')
      .evaluate((v: HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) => ({
        ready: v.readyState,
        // What a stall needs to be explained: where the playhead is against what is buffered.
        at: Math.round(v.currentTime * 100) / 100,
        buffered: Array.from({ length: v.buffered.length }, (_, i) => [
          Math.round(v.buffered.start(i) * 100) / 100,
          Math.round(v.buffered.end(i) * 100) / 100,
        ]),
        paused: v.paused,
        error: v.error?.code ?? null,
        muted: v.muted,
        audioBytes: v.webkitAudioDecodedByteCount ?? -1,
        // WebRTC: the peer connection's stream; its sound track is live.
        // A remote track is `muted` until its first packets arrive: unmuted means Opus flows.
        audioTracks:
          v.srcObject instanceof MediaStream
            ? v.srcObject.getAudioTracks().map((t) => `${t.readyState}${t.muted ? ', no packets' : ''}`)
            : ([] as string[]),
      }));

  async function open(viewport: typeof DESKTOP, url: string) {
    const session = await signedInPage(browser, base, owner.user.email, owner.password, viewport);
    await session.page.goto(`${base}${url}`);
    return session;
  }

  it('MSE (desktop): both tiles start muted; the sound button turns each on, by mouse and keyboard', async () => {
    const { ctx, page, watch } = await open(DESKTOP, '/viewer/live?transport=mse');
    try {
      for (const name of [AAC, PCMU]) {
        await expect.poll(async () => (await media(page, name)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        expect((await media(page, name)).muted).toBe(true);
        await tile(page, name)
          .getByRole('button', { name: `Turn on the sound of ${name}` })
          .click();
        expect((await media(page, name)).muted).toBe(false);
        // The AAC track is in the live fMP4 (G.711 converted to it): Chromium decodes sound.
        await expect.poll(async () => (await media(page, name)).audioBytes, { timeout: 15_000 }).toBeGreaterThan(0);
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sound-live-mse-desktop.png') });
      const off = tile(page, AAC).getByRole('button', { name: `Turn off the sound of ${AAC}` });
      await off.focus();
      await page.keyboard.press('Enter');
      expect((await media(page, AAC)).muted).toBe(true);
      await expect(
        tile(page, AAC)
          .getByRole('button', { name: `Turn on the sound of ${AAC}` })
          .isVisible(),
      ).resolves.toBe(true);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('live HLS: the segments carry the sound too', async () => {
    const { ctx, page, watch } = await open(DESKTOP, '/viewer/live?transport=hls&layout=1');
    try {
      const playing = () =>
        expect.poll(async () => (await media(page, AAC)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      // In CI runs the HLS player kept the stream's metadata and no picture for 30 s, with no error:
      // the sound was 0 s fragments at jittered times, buffered as islands (fixed: the live feed
      // retimes it, video/sound-timeline.ts). The player also starts again by itself after 15 s
      // without a picture; should that not be enough, a person reloads, and so does the test, once,
      // saying so. What the player and the stream held goes with a failure, to say why.
      const stalled = async () =>
        `the player: ${JSON.stringify(await media(page, AAC).catch((e) => String(e)))}\nthe stream:\n${await probeLiveHls(base, owner.token, ids[0]!)}`;
      await playing().catch(async () => {
        console.warn(`sound over HLS: no picture after 30 s; reloading once. ${await stalled()}`);
        await page.reload();
        await playing().catch(async (e) => {
          throw new Error(`no picture over HLS after a reload: ${String(e)}\n${await stalled()}`);
        });
      });
      expect(await tile(page, AAC).getByTestId('live-transport').textContent()).toBe('HLS');
      // Sound and picture are buffered as one stretch that grows as it plays, not as islands of a
      // few hundredths of a second around each picture (0.28 s in all, in three ranges, before).
      const buffered = async () =>
        (await media(page, AAC)).buffered.reduce((sum, [start, end]) => sum + (end! - start!), 0);
      await expect
        .poll(buffered, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1.5)
        .catch(async (e) => {
          throw new Error(`HLS buffered in pieces: ${String(e)}\n${await stalled()}`);
        });
      await tile(page, AAC)
        .getByRole('button', { name: `Turn on the sound of ${AAC}` })
        .click();
      const unmuted = Date.now();
      try {
        // Seen twice in CI (once on a quiet machine): the player started again after its picture came
        // and had nothing for a while; it restarts itself after 15 s without a picture, so the sound
        // may take that long, and the test says when it did.
        await expect.poll(async () => (await media(page, AAC)).audioBytes, { timeout: 40_000 }).toBeGreaterThan(0);
        if (Date.now() - unmuted > 15_000)
          console.warn(`sound over HLS: first sound ${Date.now() - unmuted} ms after unmuting (the player restarted)`);
      } catch (e) {
        // Say what the player was doing.
        const state = await tile(page, AAC)
          .locator('video[data-shown="true"]')
          .evaluate((v: HTMLVideoElement) => ({
            paused: v.paused,
            time: v.currentTime,
            buffered: [...Array(v.buffered.length).keys()].map((i) => [v.buffered.start(i), v.buffered.end(i)]),
            error: v.error?.code ?? null,
          }));
        throw new Error(`no sound decoded over HLS; the player: ${JSON.stringify(state)}; ${String(e)}`);
      }
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 150_000);

  it('WebRTC (phone): the tile’s stream has a live sound track (Opus), muted until asked', async () => {
    const { ctx, page, watch } = await open(PHONE_390, '/viewer/live?transport=webrtc');
    try {
      await tile(page, PCMU).scrollIntoViewIfNeeded();
      await expect.poll(async () => (await media(page, PCMU)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      expect(await tile(page, PCMU).getByTestId('live-transport').textContent()).toBe('WebRTC');
      await expect.poll(async () => (await media(page, PCMU)).audioTracks, { timeout: 15_000 }).toEqual(['live']);
      expect((await media(page, PCMU)).muted).toBe(true);
      await tile(page, PCMU)
        .getByRole('button', { name: `Turn on the sound of ${PCMU}` })
        .click();
      expect((await media(page, PCMU)).muted).toBe(false);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sound-live-webrtc-phone.png') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('recorded footage plays back with its sound', async () => {
    const day = new Date().toISOString().slice(0, 10);
    await waitForFootage(base, owner, ids[1]!);
    const { ctx, page, watch } = await open(DESKTOP, `/viewer/recordings?camera=${ids[1]}&day=${day}`);
    try {
      const span = page.getByTestId('timeline-span').first();
      await span.waitFor();
      const box = (await span.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const played = () =>
        page
          .getByTestId('recording-video')
          .evaluate(
            (v: HTMLVideoElement & { webkitAudioDecodedByteCount?: number }) => v.webkitAudioDecodedByteCount ?? -1,
          );
      await expect
        .poll(played, { timeout: 30_000 })
        .toBeGreaterThan(0)
        .catch(async (e) => {
          // Says what the player was doing: where it is against what it holds, and any error.
          const state = await videoState(page.getByTestId('recording-video'));
          throw new Error(`no sound decoded in 30 s: ${JSON.stringify(state)}: ${(e as Error).message}`);
        });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the camera page says what sound each camera sends; the form switches recording it off', async () => {
    for (const [viewport, tag] of [
      [DESKTOP, 'desktop'],
      [PHONE_390, 'phone'],
    ] as const) {
      const { ctx, page, watch } = await open(viewport, '/viewer/cameras');
      try {
        const card = (name: string) => page.getByTestId('camera-card').filter({ hasText: name });
        await expect.poll(() => card(AAC).getByTestId('camera-sound').textContent()).toBe('AAC 16 kHz');
        expect(await card(PCMU).getByTestId('camera-sound').textContent()).toBe('G.711 µ-law 8 kHz → recorded as AAC');
        await page.getByRole('button', { name: `Edit ${AAC}` }).click();
        const recordSound = page.getByRole('switch', { name: 'Record sound' });
        expect(await recordSound.getAttribute('aria-checked')).toBe('true');
        await page.getByText('Sound: AAC 16 kHz', { exact: true }).last().waitFor();
        await recordSound.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `sound-camera-form-${tag}.png`) });
        if (tag === 'phone') {
          await recordSound.click();
          await page.getByRole('button', { name: 'Save' }).click();
          await expect.poll(() => card(AAC).getByTestId('camera-sound').textContent()).toBe('Not recorded');
          await card(PCMU).getByTestId('camera-sound').scrollIntoViewIfNeeded();
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sound-camera-cards-phone.png') });
        } else {
          await page.keyboard.press('Escape');
          // Test connection on a camera without a microphone says so under the switch.
          await page.getByRole('button', { name: 'Add camera' }).first().click();
          await page.getByRole('textbox', { name: 'Stream URL', exact: true }).fill(silent.url);
          await page.getByRole('button', { name: 'Test connection' }).click();
          await page.getByText('This camera sends no sound', { exact: true }).waitFor();
          await page.keyboard.press('Escape');
        }
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    }
    const res = await fetch(`${base}/api/v1/cameras/${ids[0]}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(((await res.json()) as { recordSound: boolean }).recordSound).toBe(false);
  });
});
