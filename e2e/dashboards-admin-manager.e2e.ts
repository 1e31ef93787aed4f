import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { accountWithRole, apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { expectLivePlaying } from './fixtures/live.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };
const browser = useBrowser();

/**
 * The administrator's and the manager's dashboards in Chromium, each at 1280 and 390 px, light and
 * dark, English and French, with axe: the installation's figures move when a camera is added in
 * another workspace (realtime, no reload); a new owner's checklist ticks itself as the steps are done.
 */
describe('role dashboards: administrator and manager', () => {
  const cams: { owner: Awaited<ReturnType<typeof apiSignUp>>; id: string }[] = [];
  beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }));
  afterAll(async () => {
    for (const c of cams) await deleteCamera(base, c.owner, c.id);
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `dashboard-${name}.png`), fullPage: true });
  const prefs = (token: string, preferences: Record<string, string>) =>
    fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences }),
    }).then((r) => r.status);
  /** Nothing reaches past the window's right edge (named, so a failure says what sticks out). */
  const noSideScroll = (page: Page) =>
    expect
      .poll(() =>
        page.evaluate(() =>
          document.documentElement.scrollWidth > window.innerWidth
            ? Array.from(document.querySelectorAll('body *'))
                .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
                .slice(-5)
                .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`)
            : [],
        ),
      )
      .toEqual([]);

  /** The four looks of a page: 1280 light, 390 light, 390 dark, 1280 dark; axe at each width. */
  async function fourLooks(page: Page, token: string, name: string, drawn: () => Promise<void>) {
    await drawn();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE_390);
    await drawn();
    await noSideScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${name}-phone`);
    expect(await prefs(token, { theme: 'dark' })).toBe(200);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await drawn();
    await noSideScroll(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${name}-phone-dark`);
    await page.setViewportSize(DESKTOP);
    await drawn();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${name}-desktop-dark`);
  }

  it('administrator: the installation’s health, live as another workspace adds a camera; EN and FR, 1280 and 390, light and dark', async () => {
    const admin = await accountWithRole(base, 'admin');
    const { ctx, page, watch } = await signedInPage(browser, base, admin.user.email, admin.password, DESKTOP);
    try {
      await page.goto(`${base}/admin/dashboard`);
      await expect.poll(() => page.getByTestId('admin-dashboard').isVisible()).toBe(true);
      const total = async () =>
        Number(
          (await page.getByTestId('admin-tile-offline').textContent())
            ?.match(/of ([\d,]+) cameras? in/)?.[1]
            ?.replace(/,/g, ''),
        );
      await expect.poll(total).toBeGreaterThanOrEqual(0);
      const before = await total();
      // Another workspace adds a camera: the installation's count moves without a reload (realtime).
      const owner = await apiSignUp(base, 'Faraway Owner');
      const id = await addCamera(base, owner, { name: 'Faraway gate', recordingMode: 'off' });
      cams.push({ owner, id });
      await expect.poll(total, { timeout: 20_000 }).toBe(before + 1);
      expect(await page.getByTestId('admin-signups-total').textContent()).toMatch(/new accounts? in 30 days/);
      // Keyboard: the failed jobs tile's link is reached by Tab and leads to where they are handled.
      const link = page.getByRole('link', { name: 'See failed jobs' });
      await link.focus();
      expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await link.getAttribute('href')).toBe('/admin/settings#failed-jobs');

      const drawn = async () => {
        await expect.poll(() => page.getByTestId('admin-signups-chart').isVisible()).toBe(true);
        await expect.poll(() => page.getByTestId('admin-tile-database').isVisible()).toBe(true);
      };
      await fourLooks(page, admin.token, 'admin', drawn);

      expect(await prefs(admin.token, { language: 'fr', theme: 'light' })).toBe(200);
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: 'Tâches en échec' }).isVisible()).toBe(true);
      expect(await page.getByTestId('admin-signups-total').textContent()).toMatch(/nouveaux? comptes? en 30 jours/);
      await drawn();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'admin-desktop-fr');
      await page.setViewportSize(PHONE_390);
      await drawn();
      await noSideScroll(page);
      await shot(page, 'admin-phone-fr');
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('manager: a new owner’s checklist ticks itself by doing (the test pattern in one click, watched live), then is put away; EN and FR, 1280 and 390, light and dark', async () => {
    const owner = await apiSignUp(base, 'New Owner');
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    try {
      // Sign-in lands an owner on the manager's dashboard.
      expect(new URL(page.url()).pathname).toBe('/manager/dashboard');
      const checklist = page.getByTestId('getting-started');
      await expect.poll(() => checklist.isVisible()).toBe(true);
      expect(await page.getByTestId('getting-started-progress').textContent()).toMatch(/^0 of 4 done/);
      const drawn = async () => {
        await expect.poll(() => page.getByTestId('manager-week-chart').isVisible()).toBe(true);
        await expect.poll(() => checklist.isVisible()).toBe(true);
      };
      await fourLooks(page, owner.token, 'manager', drawn);
      expect(await prefs(owner.token, { theme: 'light' })).toBe(200);

      // One click: a test pattern, and the live page to watch it.
      await page.reload();
      await page.getByTestId('try-test-pattern').click();
      await page.waitForURL(/\/viewer\/live/);
      const cameras = await fetch(`${base}/api/v1/cameras`, { headers: { authorization: `Bearer ${owner.token}` } });
      const list = ((await cameras.json()) as { items: { id: string; name: string }[] }).items;
      expect(list.map((c) => c.name)).toEqual(['Test pattern']);
      cams.push({ owner, id: list[0]!.id });
      // Watched as a person would: until the picture moves.
      await expectLivePlaying(page, 'Test pattern');
      await page.goto(`${base}/manager/dashboard`);
      await expect
        .poll(() => checklist.locator('[data-step="camera"]').getAttribute('data-done'), { timeout: 30_000 })
        .toBe('true');
      await expect
        .poll(() => checklist.locator('[data-step="live"]').getAttribute('data-done'), { timeout: 30_000 })
        .toBe('true');
      expect(await page.getByTestId('getting-started-progress').textContent()).toMatch(/^2 of 4 done/);
      expect(await page.getByTestId('manager-onNow').textContent()).toMatch(/1/);

      expect(await prefs(owner.token, { language: 'fr' })).toBe(200);
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { name: 'Premiers pas' }).isVisible()).toBe(true);
      expect(await page.getByTestId('getting-started-progress').textContent()).toMatch(/^2 sur 4 faites/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'manager-desktop-fr');
      await page.setViewportSize(PHONE_390);
      await noSideScroll(page);
      await shot(page, 'manager-phone-fr');
      await page.setViewportSize(DESKTOP);

      // Put away, and it stays away.
      await page.getByTestId('getting-started-dismiss').click();
      await expect.poll(() => checklist.count()).toBe(0);
      await page.reload();
      await expect.poll(() => page.getByTestId('manager-dashboard').isVisible()).toBe(true);
      expect(await checklist.count()).toBe(0);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
