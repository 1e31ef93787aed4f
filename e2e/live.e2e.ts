import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, openBrowser, watchForErrors } from './fixtures/browser.ts';
import { signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');

/**
 * Live view: a test-pattern camera runs through the real recorder, whose live fMP4 feed
 * reaches Chromium over the WebSocket and plays through Media Source Extensions.
 */
describe('live view plays the camera over MSE', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string;
  const auth = () => ({ authorization: `Bearer ${owner.token}` });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Liv Live');
    const res = await fetch(`${base}/api/v1/cameras`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Live pattern', source: { type: 'test-pattern' }, recordingMode: 'continuous' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    cameraId = ((await res.json()) as { id: string }).id;
    // Wait until the recorder reports the camera online (its live feed is producing fragments).
    const deadline = Date.now() + 60_000;
    let status = '';
    while (status !== 'online' && Date.now() < deadline) {
      const r = await fetch(`${base}/api/v1/cameras/${cameraId}`, { headers: auth() });
      status = ((await r.json()) as { status: string }).status;
      if (status !== 'online') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status, 'the camera did not come online within 60 s').toBe('online');
  });
  afterAll(async () => {
    if (cameraId) await fetch(`${base}/api/v1/cameras/${cameraId}`, { method: 'DELETE', headers: auth() });
  });

  const videoState = (page: Page) =>
    page
      .getByTestId('live-tile')
      .first()
      .locator('video')
      .evaluate((v: HTMLVideoElement) => ({
        time: v.currentTime,
        ready: v.readyState,
        error: v.error?.message ?? null,
      }));

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: the tile plays live video, shows MSE and saves a JPEG snapshot`, async () => {
      const ctx = await openBrowser(viewport);
      try {
        const page = await ctx.newPage();
        const watch = watchForErrors(page);
        await page.goto(`${base}/auth/login`);
        await signInUi(page, owner.user.email, owner.password);
        await page.waitForURL(`${base}/`);
        await page.goto(`${base}/viewer/live`);
        await page.getByTestId('live-tile').first().waitFor();

        await expect.poll(async () => (await videoState(page)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const t1 = (await videoState(page)).time;
        await expect.poll(async () => (await videoState(page)).time, { timeout: 15_000 }).toBeGreaterThan(t1);
        const t2 = (await videoState(page)).time;
        await expect.poll(async () => (await videoState(page)).time, { timeout: 15_000 }).toBeGreaterThan(t2);
        expect((await videoState(page)).error).toBeNull();
        expect(await page.getByTestId('live-transport').first().textContent()).toBe('MSE');

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Save a snapshot of Live pattern' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^Live pattern-\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z\.jpg$/);
        const saved = await file.path();
        const bytes = readFileSync(saved!);
        expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]); // JPEG SOI

        // Focus a tile, then Escape returns to the grid.
        await page.getByRole('button', { name: 'Enlarge Live pattern' }).click();
        await page.getByRole('button', { name: 'Back to the grid' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Enlarge Live pattern' }).waitFor();

        expect(await seriousAxeViolations(page)).toEqual([]);
        await expect.poll(async () => (await videoState(page)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `live-${name}.png`), fullPage: name === 'phone' });
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
