import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { startMjpegCamera, type MjpegCamera } from '../apps/server/test/mjpeg-camera.ts';
import { apiSignUp } from './fixtures/accounts.ts';
import { DESKTOP, useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * An MJPEG camera with a password (8 fps, Digest) plays live: its frames keep their arrival
 * times (no frames repeated up to 25 fps), which every transport must play as they come.
 */
describe('an MJPEG camera plays live', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let id: string;
  let mjpeg: MjpegCamera;

  beforeAll(async () => {
    owner = await apiSignUp(base, 'Mia Mjpeg');
    mjpeg = await startMjpegCamera({ auth: { scheme: 'digest', username: 'admin', password: 'cam-pass-9' } });
    id = await addCamera(base, owner, {
      name: 'Porch MJPEG',
      source: { type: 'mjpeg', url: mjpeg.url, username: 'admin', password: 'cam-pass-9' },
      recordingMode: 'off',
    });
    await waitOnline(base, owner, id);
  });
  afterAll(async () => {
    await deleteCamera(base, owner, id);
    await mjpeg?.close();
  });

  const state = (page: Page) =>
    page
      .getByRole('region', { name: 'Porch MJPEG' })
      .locator('video[data-shown="true"]')
      .evaluate((v: HTMLVideoElement) => ({
        time: v.currentTime,
        ready: v.readyState,
        error: v.error?.message ?? null,
      }));

  for (const transport of ['webrtc', 'mse', 'hls'] as const) {
    it(`over ${transport}`, async () => {
      const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
      try {
        await page.goto(`${base}/viewer/live?transport=${transport}&layout=1`);
        await expect.poll(async () => (await state(page)).ready, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
        const t1 = (await state(page)).time;
        await expect.poll(async () => (await state(page)).time, { timeout: 15_000 }).toBeGreaterThan(t1 + 1);
        expect((await state(page)).error).toBeNull();
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
