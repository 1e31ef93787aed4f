import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { SCREENSHOT_DIR, openPersistentBrowser, watchForErrors } from './fixtures/browser.ts';
import { PERMISSION_SPY, browserKeys, standInPushManager } from './fixtures/push.ts';

/**
 * Web push and the PWA in Debian Chromium.
 *
 * This Chromium cannot finish PushManager.subscribe(): it is built without Google's API keys and the
 * machine has no route to FCM, so subscribe() never settles (probed: still pending after 45 s). The
 * tests therefore prove (1) everything up to subscribe with the real browser — the worker registered
 * and active, permission asked only by the click, the clear error the person sees when the push
 * service does not answer — and (2) the rest of the flow (save, re-save at start, weekly renewal,
 * turn off, the devices list) with a stand-in PushManager that returns a subscription the way a
 * browser does (a real P-256 key and auth secret), saved through the real API. The worker's push
 * handler is driven by Chromium's own ServiceWorker.deliverPushMessage.
 */
const base = inject('baseUrl');
const SHOTS = SCREENSHOT_DIR;
const PHONE_390 = { width: 390, height: 844 };

interface Device {
  token: string;
  userId: string;
  active: boolean;
  lastUsed: string;
  userAgent: string | null;
}

async function devicesOf(token: string): Promise<Device[]> {
  const res = await fetch(`${base}/api/v1/device-tokens`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Device[] }).items;
}

describe('web push and the installable app in Chromium', () => {
  let ctx: BrowserContext;
  let page: Page;
  let watch: ReturnType<typeof watchForErrors>;
  let account: Awaited<ReturnType<typeof apiSignUp>>;

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });
  beforeEach(async () => {
    account = await apiSignUp(base, 'Push person');
    // A profile on disk: an off-the-record context has no Push API at all (subscribe() is refused at once).
    ctx = await openPersistentBrowser();
    await ctx.grantPermissions(['notifications'], { origin: base });
    page = await ctx.newPage();
    watch = watchForErrors(page);
  });
  afterEach(async () => {
    await ctx?.close();
    expect(watch.errors).toEqual([]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function signedIn(path: string) {
    await page.goto(`${base}/`);
    await page.evaluate((token) => localStorage.setItem('vigil.token', token), account.token);
    await page.goto(`${base}${path}`);
  }

  const workerState = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration('/');
      return { state: reg?.active?.state ?? null, scope: reg?.scope ?? null, script: reg?.active?.scriptURL ?? null };
    });

  const notificationsCard = () => page.locator('section:has(> h2:text-is("Notifications"))');

  it('the manifest, icons and start page make an installable app', async () => {
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Vigil',
      short_name: 'Vigil',
      start_url: '/dashboard',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    // Each icon is a PNG of the size it claims (width and height from the IHDR chunk).
    const icons = [
      ...manifest.icons.map((i) => [i.src, i.sizes] as const),
      ['/apple-touch-icon.png', '180x180'] as const,
    ];
    for (const [src, size] of icons) {
      const res = await fetch(`${base}${src}`);
      expect(res.headers.get('content-type'), src).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString(), src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, src).toBe(size);
    }
    await page.goto(`${base}/`);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel=manifest]')?.getAttribute('href'),
      theme: document.querySelector('meta[name=theme-color]')?.getAttribute('content'),
      apple: document.querySelector('link[rel=apple-touch-icon]')?.getAttribute('href'),
      capable: document.querySelector('meta[name=apple-mobile-web-app-capable]')?.getAttribute('content'),
    }));
    expect(head).toEqual({
      manifest: '/manifest.webmanifest',
      theme: manifest.theme_color,
      apple: '/apple-touch-icon.png',
      capable: 'yes',
    });
    // Chromium's own reading of the manifest: no parse errors, the icons it will install.
    const cdp = await ctx.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest' as never)) as { errors: unknown[]; data: string; url: string };
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toBe(`${base}/manifest.webmanifest`);
    // The start page is the signed-in dashboard (spec §2 /dashboard), not a not-found page.
    await signedIn('/dashboard');
    await expect.poll(() => page.title()).toBe('Dashboard · Vigil');
    expect(page.url()).toBe(`${base}/dashboard`);
  });

  it('the worker is active, permission is asked only by the click, and this Chromium’s push service failure is explained', async () => {
    // The page's timers run on Playwright's clock (at the real pace until moved on below).
    await page.clock.install();
    await page.addInitScript(PERMISSION_SPY);
    await signedIn('/viewer/settings');
    await expect.poll(workerState, { timeout: 15_000 }).toEqual({
      state: 'activated',
      scope: `${base}/`,
      script: `${base}/sw.js`,
    });
    const button = page.getByRole('button', { name: 'Turn on notifications on this device' });
    await button.waitFor();
    // Loading the app and the settings page asked nothing.
    expect(await page.evaluate(() => (window as unknown as { __permissionAsks: unknown[] }).__permissionAsks)).toEqual(
      [],
    );
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __permissionAsks: unknown[] }).__permissionAsks))
      .toEqual([{ userActivation: true, at: '/viewer/settings' }]);
    // The real subscribe() never answers here; after 20 s the person is told why, in words. Those
    // 20 s pass on the page's clock, moved on in steps until the explanation shows, not waited out.
    const error = page.getByTestId('push-error');
    await expect
      .poll(async () => {
        await page.clock.fastForward(5_000);
        return error.isVisible();
      })
      .toBe(true);
    expect(await error.textContent()).toMatch(/push service did not answer/);
    expect(await devicesOf(account.token)).toEqual([]);
    await notificationsCard().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'push-settings-error-1280.png') });
  });

  it('turns on, saves the device, re-saves at start, renews after a week, turns off (stand-in PushManager)', async () => {
    await page.addInitScript(standInPushManager(browserKeys()));
    await page.addInitScript(PERMISSION_SPY);
    await signedIn('/viewer/settings');
    await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await page.getByTestId('push-on').waitFor();
    const [saved] = await devicesOf(account.token);
    expect(saved).toMatchObject({ userId: account.user.uid, active: true, platform: 'web' });
    expect(saved!.userAgent).toMatch(/Chrome/);
    const row = page.getByTestId('device-list').getByRole('listitem');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.first().textContent()).toMatch(/Chrome on Linux.*This device.*Last seen/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await notificationsCard().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'push-settings-on-1280.png') });

    // Each start of the signed-in app saves the subscription again: lastUsed moves, same token.
    await page.reload();
    await expect
      .poll(async () => (await devicesOf(account.token)).map((d) => [d.token, d.lastUsed > saved!.lastUsed]))
      .toEqual([[saved!.token, true]]);

    // Eight days later: a new subscription replaces the old one, on the server too.
    await page.evaluate(() => localStorage.setItem('vigil.push.subscribedAt', String(Date.now() - 8 * 86_400_000)));
    await page.reload();
    await expect
      .poll(async () => (await devicesOf(account.token)).map((d) => d.token))
      .toEqual([expect.not.stringMatching(saved!.token)]);
    // The renewal time is written once the new token is saved: read it after that, not at the same instant.
    await expect
      .poll(async () => Date.now() - Number(await page.evaluate(() => localStorage.getItem('vigil.push.subscribedAt'))))
      .toBeLessThan(60_000);

    // Turn off: gone from the server and from the browser.
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
    await expect.poll(async () => (await devicesOf(account.token)).length).toBe(0);
    // Nothing ever asked for permission without a click.
    const asks = await page.evaluate(
      () => (window as unknown as { __permissionAsks: { userActivation: boolean }[] }).__permissionAsks,
    );
    expect(asks.every((a) => a.userActivation)).toBe(true);
  });

  it('another device in the list can be removed; the phone layout holds', async () => {
    const other = {
      token: `https://localhost:8443/wpush/v2/${randomBytes(8).toString('hex')}`,
      keys: browserKeys(),
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    };
    const res = await fetch(`${base}/api/v1/device-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(other),
    });
    expect(res.status).toBe(200);
    await page.setViewportSize(PHONE_390);
    await page.addInitScript(standInPushManager(browserKeys()));
    await signedIn('/viewer/settings');
    await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await page.getByTestId('push-on').waitFor();
    await expect.poll(() => page.getByTestId('device-list').getByRole('listitem').count()).toBe(2);
    await notificationsCard().screenshot({ path: path.join(SHOTS, 'push-settings-390.png') });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await expect
      .poll(async () => (await devicesOf(account.token)).map((d) => d.userAgent))
      .not.toContain(other.userAgent);
    await expect.poll(() => page.getByTestId('device-list').getByRole('listitem').count()).toBe(1);
  });

  it('a push reaching the worker shows the notification with its picture and link', async () => {
    await signedIn('/viewer/settings');
    await expect.poll(workerState, { timeout: 15_000 }).toMatchObject({ state: 'activated' });
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('ServiceWorker.enable' as never);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated' as never,
        (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
          const reg = e.registrations.find((r) => r.scopeURL === `${base}/`);
          if (reg) resolve(reg.registrationId);
        },
      );
    });
    const eventId = '4a1e2b3c-0000-4000-8000-000000000001';
    const payload = {
      title: 'Garage · Motion',
      body: 'Mar 10, 2026, 3:05:09 PM · Home',
      image: `${base}/icons/icon-512.png`,
      url: `${base}/viewer/events?id=${eventId}`,
      tag: eventId,
      eventId,
    };
    const deliver = () =>
      cdp.send(
        'ServiceWorker.deliverPushMessage' as never,
        {
          origin: base,
          registrationId,
          data: JSON.stringify(payload),
        } as never,
      );
    await deliver();
    const shown = () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration('/');
        return (await reg!.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          badge: n.badge,
          image: (n as Notification & { image?: string }).image,
          data: n.data,
        }));
      });
    // Twice in one loaded CI run (never here, alone or beside the other e2e files) no notification came
    // in 20 s after Chromium's one delivery. A push service delivers again when the worker did not
    // take a push; the test does the same every 5 s and says so. The worker's tag makes a repeat
    // replace its notification, so exactly one is still expected.
    let deliveries = 1;
    let delivered = Date.now();
    await expect
      .poll(
        async () => {
          const now = await shown();
          if (!now.length && Date.now() - delivered >= 5_000) {
            deliveries++;
            delivered = Date.now();
            await deliver();
          }
          return now.length;
        },
        { timeout: 40_000 },
      )
      .toBe(1);
    if (deliveries > 1) console.warn(`web push: the notification showed after ${deliveries} deliveries`);
    await expect.poll(shown, { timeout: 20_000 }).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: eventId,
        icon: `${base}/icons/icon-192.png`,
        badge: `${base}/icons/badge-96.png`,
        image: payload.image,
        data: { url: payload.url, eventId },
      },
    ]);
  });

  it('offline, a navigation gets the offline page from the worker, in the person’s language', async () => {
    await signedIn('/viewer/settings');
    await expect.poll(workerState, { timeout: 15_000 }).toMatchObject({ state: 'activated' });
    watch.allowNetworkFailures(true);
    await ctx.setOffline(true);
    await page.goto(`${base}/viewer/events`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'push-offline-1280.png') });
    await page.evaluate(() => localStorage.setItem('vigil.language', 'fr'));
    await page.setViewportSize(PHONE_390);
    await page.reload();
    await page.getByRole('heading', { name: 'Vous êtes hors ligne' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'push-offline-fr-390.png') });
    // Back online, the page returns to the app by itself.
    await ctx.setOffline(false);
    await page.locator('#root').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${base}/viewer/events`);
  });
});
