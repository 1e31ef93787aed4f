import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { addCamera, deleteCamera, today, waitForFootage } from './fixtures/cameras.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const run = promisify(execFile);

/** A datetime-local value ("YYYY-MM-DDTHH:mm:ss") of instant `ms` in `timeZone`. */
function localInput(ms: number, timeZone: string): string {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/**
 * Footage from the real recorder (a test-pattern camera), cut by the real export job with
 * ffmpeg -c copy, downloaded by Chromium and checked with ffprobe.
 */
describe('exports page cuts and downloads recorded footage', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string;
  let tz: string;
  let span: { start: number; end: number };

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Ella Exports');
    cameraId = await addCamera(base, owner, { name: 'Export cam' });
    tz = (await today(base, owner)).tz;
    // Two ~10 s segments give a recorded span long enough for an 8 s clip with margins.
    span = await waitForFootage(base, owner, cameraId, { minMs: 14_000, timeoutMs: 90_000 });
  }, 120_000);
  afterAll(async () => {
    await deleteCamera(base, owner, cameraId);
  });

  it('desktop: export an 8 s range, see it done with its SHA-256, download an H.264 MP4 of ~8 s', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    try {
      await page.goto(`${base}/viewer/exports`);
      await page.getByLabel('Camera').selectOption(cameraId);
      // Whole seconds: the inputs step by one second.
      const from = Math.ceil((span.start + 3000) / 1000) * 1000;
      await page.getByLabel('From').fill(localInput(from, tz));
      await page.getByLabel('To').fill(localInput(from + 8000, tz));
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const item = page.getByTestId('export-item').first();
      await expect.poll(() => item.getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
      const sha = (await page.getByTestId('export-sha256').first().textContent())?.trim() ?? '';
      expect(sha).toMatch(/^[0-9a-f]{64}$/);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('link', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Export cam-.*\.mp4$/);
      const file = path.join(SCREENSHOT_DIR, '..', `export-${Date.now()}.mp4`);
      await download.saveAs(file);
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'json', file],
      ]);
      const probe = JSON.parse(stdout) as { format: { duration: string }; streams: { codec_name: string }[] };
      expect(Math.abs(Number(probe.format.duration) - 8)).toBeLessThanOrEqual(1.5);
      expect(probe.streams[0]?.codec_name).toBe('h264');

      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exports-desktop.png') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('phone: the list and form fit a narrow screen', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, PHONE);
    try {
      await page.goto(`${base}/viewer/exports`);
      await page.getByTestId('export-sha256').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exports-phone.png'), fullPage: true });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
