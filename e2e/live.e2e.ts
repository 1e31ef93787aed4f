import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';
import { expectLivePlaying, expectLiveTransport } from './fixtures/live.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * Live view through the real recorder: a test-pattern camera and an RTSP camera (GStreamer's
 * server on 127.0.0.1, -c copy) play in Chromium over WebRTC (the automatic choice), over MSE
 * and over HLS when chosen, with the transport shown on the tile.
 */
describe('live view plays cameras over WebRTC, MSE and HLS', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let patternId: string;
  let rtspId: string;
  let rtsp: RtspServer;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Liv Live');
    rtsp = await startRtspServer();
    patternId = await addCamera(base, owner, { name: 'Live pattern', recordingMode: 'off' });
    rtspId = await addCamera(base, owner, {
      name: 'Gate RTSP',
      source: { type: 'rtsp', url: rtsp.url },
      recordingMode: 'off',
    });
    await waitOnline(base, owner, patternId);
    await waitOnline(base, owner, rtspId);
  });
  afterAll(async () => {
    await deleteCamera(base, owner, patternId);
    await deleteCamera(base, owner, rtspId);
    await rtsp?.stop();
  });

  const tile = (page: Page, name: string) => page.getByRole('region', { name });
  async function openLive(viewport: typeof DESKTOP, query = '') {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, viewport);
    await page.goto(`${base}/viewer/live${query}`);
    return { ctx, page, watch };
  }

  it('desktop: both cameras play over WebRTC by default; snapshot, focus, axe', async () => {
    const { ctx, page, watch } = await openLive(DESKTOP);
    try {
      await expectLivePlaying(page, 'Live pattern');
      await expectLivePlaying(page, 'Gate RTSP');
      // Automatic shows a picture at once and moves to WebRTC when it connects.
      for (const name of ['Live pattern', 'Gate RTSP']) await expectLiveTransport(page, name, 'WebRTC');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Save a snapshot of Live pattern' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^Live pattern-\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z\.jpg$/);
      const bytes = readFileSync((await file.path())!);
      expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]); // JPEG SOI

      // Focus a tile, then Escape returns to the grid.
      await page.getByRole('button', { name: 'Enlarge Gate RTSP' }).click();
      await page.getByRole('button', { name: 'Back to the grid' }).waitFor();
      await expectLivePlaying(page, 'Gate RTSP');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Enlarge Gate RTSP' }).waitFor();

      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectLivePlaying(page, 'Live pattern');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-webrtc-desktop.png') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('phone: both cameras play over MSE when it is chosen', async () => {
    const { ctx, page, watch } = await openLive(PHONE, '?transport=mse');
    try {
      await expectLivePlaying(page, 'Live pattern');
      expect(await tile(page, 'Live pattern').getByTestId('live-transport').textContent()).toBe('MSE');
      await tile(page, 'Gate RTSP').scrollIntoViewIfNeeded();
      await expectLivePlaying(page, 'Gate RTSP');
      expect(await tile(page, 'Gate RTSP').getByTestId('live-transport').textContent()).toBe('MSE');
      await expect.poll(() => page.getByLabel('Transport').inputValue()).toBe('mse');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-mse-phone.png'), fullPage: true });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('desktop: the test pattern plays over live HLS when it is chosen', async () => {
    const { ctx, page, watch } = await openLive(DESKTOP, '?transport=hls&layout=1');
    try {
      await expectLivePlaying(page, 'Live pattern');
      expect(await tile(page, 'Live pattern').getByTestId('live-transport').textContent()).toBe('HLS');
      // Low-Latency HLS: the player plays about a second behind what it has (3.8 s with whole
      // segments).
      const behind = () =>
        tile(page, 'Live pattern')
          .locator('video[data-shown="true"]')
          .evaluate((v: HTMLVideoElement) => v.buffered.end(v.buffered.length - 1) - v.currentTime);
      await expect.poll(behind, { timeout: 15_000 }).toBeLessThan(1.5);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'live-hls-desktop.png') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the dashboard shows a live tile of an online camera', async () => {
    const { ctx, page, watch } = await openLive(DESKTOP);
    try {
      await page.goto(`${base}/viewer/dashboard`);
      const card = page.getByRole('region', { name: /Live pattern|Gate RTSP/ });
      await card.locator('video[data-shown="true"]').waitFor();
      const name = (await card.getAttribute('aria-label'))!;
      await expectLivePlaying(page, name);
      await page.getByRole('link', { name: 'Open the live view' }).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'dashboard-live.png'), fullPage: true });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
