import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type OnvifDevice, startOnvifDevice } from '../apps/server/test/onvif-device.ts';
import { apiSignUp } from './fixtures/accounts.ts';
import { DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { deleteCamera } from './fixtures/cameras.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const CREDS = { username: 'admin', password: 'onvif-pass' };

/**
 * Adding a camera by its ONVIF address on the Cameras page, on the plan every new account has: a
 * test device (three hours off our clock, Digest on Media2) answers with its model and profiles,
 * the main and substream are picked, and the camera plays live. Measures "Add camera" → the first
 * live frame on the Live page. Phone width in the dark theme shows a refused password.
 */
describe('add a camera by its ONVIF address', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let rtsp: RtspServer;
  let device: OnvifDevice;
  const auth = () => ({ authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Olga Onvif');
    rtsp = await startRtspServer({ keyframeInterval: 10 });
    device = await startOnvifDevice({
      name: 'Porch',
      manufacturer: 'Acme',
      model: 'PX-4',
      streamUri: rtsp.url,
      credentials: CREDS,
      clockOffsetMs: 3 * 3600_000,
      media2: true,
      digest: { services: ['media2'], algorithm: 'SHA-256' },
    });
  });
  afterAll(async () => {
    const list = (await (await fetch(`${base}/api/v1/cameras`, { headers: auth() })).json()) as {
      items: { id: string }[];
    };
    for (const c of list.items ?? []) await deleteCamera(base, owner, c.id);
    await Promise.all([device?.stop(), rtsp?.stop()]);
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `onvif-add-${name}.png`) });

  const openDialog = async (page: Page) => {
    await page.goto(`${base}/viewer/cameras`);
    await page.getByRole('button', { name: 'Add by ONVIF address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an ONVIF camera' });
    await dialog.waitFor();
    return dialog;
  };

  it('desktop, light: address and login → model and profiles → a camera that plays live', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    try {
      const dialog = await openDialog(page);
      await dialog.getByLabel('Address').fill(device.address);
      await dialog.getByLabel('Username').fill(CREDS.username);
      await dialog.getByLabel('Password').fill(CREDS.password);
      await shot(page, 'address-desktop');
      await dialog.getByRole('button', { name: 'Find profiles' }).click();
      await expect.poll(() => dialog.getByTestId('onvif-device').textContent()).toBe('Acme PX-4, firmware 1.2.3');
      expect(await dialog.getByLabel('Name').inputValue()).toBe('Acme PX-4');
      const main = dialog.getByLabel('Main stream (recorded)');
      expect(await main.locator('option').allTextContents()).toEqual([
        'MainStream — H.264, 640×360, 25 fps',
        'SubStream — H.264, 320×180, 10 fps',
      ]);
      expect(await dialog.getByLabel('Substream (for tiles)').inputValue()).toBe('sub_1');
      await shot(page, 'profiles-desktop');

      const clicked = Date.now();
      await dialog.getByRole('button', { name: 'Add camera' }).click();
      await dialog.waitFor({ state: 'detached' });
      const savedMs = Date.now() - clicked;
      // As a person goes there: the app's own link, no page load.
      await page.getByRole('link', { name: 'Live view' }).first().click();
      const video = page.getByRole('region', { name: 'Acme PX-4' }).locator('video[data-shown="true"]');
      await expect
        .poll(
          () => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0).catch(() => false),
          {
            timeout: 30_000,
            interval: 50,
          },
        )
        .toBe(true);
      const firstFrameMs = Date.now() - clicked;
      console.log(`ONVIF add-by-address → saved ${savedMs} ms → first live frame ${firstFrameMs} ms`);
      await shot(page, 'live-desktop');
      expect(watch.errors).toEqual([]);

      const cameras = (await (await fetch(`${base}/api/v1/cameras`, { headers: auth() })).json()) as {
        items: { name: string; source: { type: string; url: string; hasPassword: boolean }; substreamUrl: string }[];
      };
      expect(cameras.items).toEqual([
        expect.objectContaining({
          name: 'Acme PX-4',
          source: expect.objectContaining({ type: 'rtsp', url: rtsp.url, hasPassword: true }),
          substreamUrl: rtsp.url.replace('rtsp://', 'rtsp://admin:***@'),
        }),
      ]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('phone, dark: a refused password is said in the dialog, and the address stays', async () => {
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: auth(),
      body: JSON.stringify({ preferences: { theme: 'dark' } }),
    });
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, PHONE_390);
    try {
      const dialog = await openDialog(page);
      await dialog.getByLabel('Address').fill(device.address);
      await dialog.getByLabel('Username').fill(CREDS.username);
      await dialog.getByLabel('Password').fill('wrong');
      await dialog.getByRole('button', { name: 'Find profiles' }).click();
      await expect.poll(() => dialog.getByText('The device refused the username or password').count()).toBe(1);
      expect(await dialog.getByLabel('Address').inputValue()).toBe(device.address);
      await shot(page, 'refused-phone-dark');
      // The failed probe is the page's answer, not a console error.
      expect(watch.errors.filter((e) => !/400/.test(e))).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
