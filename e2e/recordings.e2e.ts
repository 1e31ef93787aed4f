import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { addCamera, deleteCamera, waitForFootage } from './fixtures/cameras.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * Footage comes from the real recorder: a test-pattern camera records through ffmpeg, the
 * segment index fills, and the recordings page plays it back with hls.js in Chromium.
 */
describe('recordings page plays recorded video', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string;
  /**
   * The day (UTC, the account's zone) the footage began: the page shows that day, not "today", so a
   * run that crosses midnight still finds the gap before the first recording.
   */
  let footageDay: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Rita Recordings');
    footageDay = new Date().toISOString().slice(0, 10);
    cameraId = await addCamera(base, owner, { name: 'Pattern cam' });
    // Segments are cut at the wall clock's multiples of 10 s, so the first may be a second long:
    // wait for 10 s of footage (the zoom test measures a recording at least that long).
    await waitForFootage(base, owner, cameraId, { minMs: 10_000, timeoutMs: 60_000 });
  });
  afterAll(async () => {
    // Stops this camera's ffmpeg so later specs get the CPU back.
    await deleteCamera(base, owner, cameraId);
  });

  async function openRecordings(
    ctx: BrowserContext,
  ): Promise<{ page: Page; watch: ReturnType<typeof watchForErrors> }> {
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, owner.user.email, owner.password);
    await page.waitForURL(DASHBOARD_URL);
    await page.goto(`${base}/viewer/recordings?camera=${cameraId}&day=${footageDay}`);
    await page.getByTestId('timeline-span').first().waitFor();
    return { page, watch };
  }

  async function clickFirstSpan(page: Page) {
    const span = page.getByTestId('timeline-span').first();
    await span.scrollIntoViewIfNeeded();
    const box = (await span.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  const videoState = (page: Page) =>
    page.getByTestId('recording-video').evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      ready: v.readyState,
      error: v.error?.message ?? null,
    }));

  it('a click in a gap says so and offers the next recording; zoom widens a short recording', async () => {
    const ctx = await browser.newContext(DESKTOP);
    try {
      const { page, watch } = await openRecordings(ctx);
      const bar = page.getByTestId('timeline');
      const box = (await bar.boundingBox())!;
      // The day's first pixel: before the footage began that day.
      await page.mouse.click(box.x + 1, box.y + box.height / 2);
      const gap = page.getByTestId('timeline-gap');
      await gap.waitFor();
      expect(await gap.textContent()).toMatch(/^No recording at 00:0\d — the next one starts at \d\d:\d\d\./);
      expect(await page.getByTestId('recording-video').count(), 'nothing plays silently').toBe(0);
      const next = (await gap.textContent())!.match(/starts at (\d\d:\d\d)/)![1]!;
      await gap.getByRole('button', { name: `Play from ${next}` }).click();
      await expect.poll(async () => (await videoState(page)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      expect(await gap.count()).toBe(0);

      // Zoom: a segmented control kept in the URL; a 10 s segment, a sliver (2 px) at 24 h, is ~16 px at 10 min.
      const span = page.getByTestId('timeline-span').first();
      const dayWidth = (await span.boundingBox())!.width;
      const zoom = page.getByRole('group', { name: 'Zoom' });
      await zoom.getByRole('button', { name: '10 min' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('zoom')).toBe('10m');
      // The URL changes a render before the control does: wait for the control, not the URL.
      await expect.poll(() => zoom.getByRole('button', { name: '10 min' }).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => (await span.boundingBox())!.width).toBeGreaterThan(Math.max(10, dayWidth * 4));
      const windowText = page.getByTestId('timeline-window');
      const before = await windowText.textContent();
      await page.getByRole('button', { name: 'Earlier' }).click();
      await expect.poll(() => windowText.textContent()).not.toBe(before);
      // A reload keeps the zoom.
      await page.reload();
      await page.getByTestId('timeline-span').first().waitFor();
      await expect.poll(() => page.getByRole('button', { name: '10 min' }).getAttribute('aria-pressed')).toBe('true');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: clicking the timeline plays recorded video (currentTime advances, readyState ≥ 2)`, async () => {
      const ctx = await browser.newContext(viewport);
      try {
        const { page, watch } = await openRecordings(ctx);
        const slider = page.getByRole('slider', { name: 'Timeline' });
        expect(await slider.getAttribute('aria-valuetext')).toMatch(/^\d{2}:\d{2}:\d{2}, /);

        await clickFirstSpan(page);
        await expect.poll(async () => (await videoState(page)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const first = await videoState(page);
        await expect
          .poll(async () => (await videoState(page)).time, { timeout: 20_000 })
          .toBeGreaterThan(first.time + 1);
        expect((await videoState(page)).error).toBeNull();
        expect(await slider.getAttribute('aria-valuetext')).toMatch(/, recorded$/);

        // The speed buttons change the playback rate.
        await page.getByRole('button', { name: '2×' }).click();
        await expect
          .poll(() => page.getByTestId('recording-video').evaluate((v: HTMLVideoElement) => v.playbackRate))
          .toBe(2);
        expect(await page.getByRole('button', { name: '2×' }).getAttribute('aria-pressed')).toBe('true');

        // Keyboard: PageDown moves the slider back 10 minutes.
        const before = Number(await slider.getAttribute('aria-valuenow'));
        await slider.focus();
        await page.keyboard.press('PageDown');
        await expect.poll(async () => Number(await slider.getAttribute('aria-valuenow'))).toBeLessThan(before - 500);

        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `recordings-${name}.png`),
          fullPage: name === 'phone',
        });
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
