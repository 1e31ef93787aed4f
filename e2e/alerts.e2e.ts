import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * The alert center against the real recorder: an RTSP camera's picture starts moving while the
 * owner is on another page; the bell's count and a toast appear, timed from the moment the
 * server wrote the alert (read from its database).
 */
describe('alert center', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let rtsp: RtspServer;
  let cameraId: string | undefined;
  let db: pg.Client;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    [owner, rtsp] = await Promise.all([
      apiSignUp(base, 'Alert Owner'),
      startRtspServer({ pattern: 'black', keyframeInterval: 7 }),
    ]);
    cameraId = await addCamera(base, owner, { name: 'Porch', source: { type: 'rtsp', url: rtsp.url } });
    await waitOnline(base, owner, cameraId);
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
  });
  afterAll(async () => {
    await deleteCamera(base, owner, cameraId);
    await Promise.all([rtsp?.stop(), db?.end()]);
  });

  it('a new alert shows on the bell and as a toast within 2 s, opens the event, and is marked read', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    // The page notes when the toast enters its document: the test's own view of the page can lag
    // behind it when the machine is busy, and the figure is the page's.
    await page.addInitScript(() => {
      const w = window as unknown as { __toastAt?: number };
      new MutationObserver(() => {
        const region = document.querySelector('section[aria-label="Notifications"]');
        if (!w.__toastAt && region?.textContent?.includes('Motion — Porch')) w.__toastAt = Date.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    try {
      await page.goto(`${base}/auth/login`);
      await signInUi(page, owner.user.email, owner.password);
      await page.waitForURL(DASHBOARD_URL);
      await page.goto(`${base}/viewer/settings`);
      const bell = page.getByRole('button', { name: /^Alerts/ });
      await bell.waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Alerts');

      await rtsp.setPattern('ball');
      const toast = page.getByRole('region', { name: 'Notifications' }).getByText('Motion — Porch');
      await toast.waitFor({ timeout: 20_000 });
      const shownAt = await page.evaluate(() => (window as unknown as { __toastAt: number }).__toastAt);
      const { rows } = await db.query<{ created_at: Date }>(
        "select created_at from events where camera_id = $1 and kind = 'motion' order by created_at limit 1",
        [cameraId],
      );
      const createdAt = rows[0]!.created_at.getTime();
      // The alert reached the open page within 2 s of the server writing it.
      expect(shownAt - createdAt).toBeLessThan(2000);
      await expect.poll(() => page.getByTestId('alert-badge').textContent()).toBe('1');
      expect(await bell.getAttribute('aria-label')).toBe('Alerts, 1 unread');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'alerts-toast-desktop.png') });

      await bell.click();
      const item = page.getByTestId('alert-item').first();
      await item.waitFor();
      expect(await item.textContent()).toContain('Motion — Porch');
      const axe = await seriousAxeViolations(page);
      expect(axe, JSON.stringify(axe)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'alerts-bell-desktop.png') });
      await item.click();
      await page.waitForURL(/\/viewer\/events\?id=/);
      // Opening it read it.
      await expect
        .poll(async () => (await page.getByTestId('alert-badge').count()) === 0, { timeout: 5000 })
        .toBe(true);
      // The event's picture on its row: the keyframe that started the motion, 320 px wide, made by
      // the recorder as the event began (not seconds later from the recorded footage).
      await page.keyboard.press('Escape');
      const picture = page.locator('[data-testid="event-row"][data-kind="motion"] img').last();
      await expect
        .poll(() => picture.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)).catch(() => 0), {
          timeout: 10_000,
        })
        .toBe(320);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'alerts-event-picture-desktop.png') });
      await rtsp.setPattern('black');
      expect(watch.errors, JSON.stringify(watch.errors)).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('phone: the bell lists the alerts, keyboard reachable; "Mark all read" clears the count', async () => {
    // A second alert for this person: the first motion ends, another begins.
    const count = async (sql: string) => (await db.query<{ n: number }>(sql, [cameraId])).rows[0]!.n;
    await expect
      .poll(
        () =>
          count("select count(*)::int as n from events where camera_id = $1 and kind = 'motion' and end_at is null"),
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(0);
    await rtsp.setPattern('ball');
    await expect
      .poll(() => count("select count(*)::int as n from events where camera_id = $1 and kind = 'motion'"), {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(2);
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, PHONE);
    try {
      await page.goto(`${base}/manager/dashboard`);
      const bell = page.getByRole('button', { name: /^Alerts/ });
      await bell.waitFor();
      await bell.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('alert-item').first().waitFor({ timeout: 10_000 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'alerts-bell-phone.png') });
      await page.keyboard.press('Escape');
      // The events list on a phone: each motion event with its picture.
      await page.goto(`${base}/viewer/events?kind=motion`);
      const picture = page.locator('[data-testid="event-row"][data-kind="motion"] img').first();
      await expect
        .poll(() => picture.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0)).catch(() => 0), {
          timeout: 10_000,
        })
        .toBe(320);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'alerts-event-pictures-phone.png'), fullPage: true });
      await page.goto(`${base}/manager/dashboard`);
      await bell.waitFor();
      await rtsp.setPattern('black');
      // The badge is the person's unread count: the moving ball can raise another alert meanwhile,
      // so it is compared with the server's count rather than a fixed 1 (CI once saw 2, then 3).
      const unread = async () =>
        (
          (await (
            await fetch(`${base}/api/v1/alerts`, { headers: { authorization: `Bearer ${owner.token}` } })
          ).json()) as {
            unread: number;
          }
        ).unread;
      await expect
        .poll(async () => (await page.getByTestId('alert-badge').textContent()) === String(await unread()), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(await unread()).toBeGreaterThanOrEqual(1);
      await bell.click();
      await page.getByRole('menuitem', { name: 'Mark all read' }).click();
      await expect.poll(() => page.getByTestId('alert-badge').count(), { timeout: 5000 }).toBe(0);
      expect(await bell.getAttribute('aria-label')).toBe('Alerts');
      expect(watch.errors, JSON.stringify(watch.errors)).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
