import { mkdirSync } from 'node:fs';
import { ROUTES } from '@vigil/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { accountWithRole } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const concrete = (path: string) => path.replace(':id', 'site-1');
const fileName = (path: string, size: string, theme = 'light') =>
  `${SCREENSHOT_DIR}/${size}-${theme}-${path === '/' ? 'root' : path.slice(1).replaceAll('/', '_')}.png`;
const APP_ROUTES = ROUTES.filter((r) => r.requiresAuth);

/**
 * In-app navigation, the way Back and Forward move through the app: the router, not a new page
 * load. The app sets <title> from the location the router has committed, so a changed title means
 * the new page has replaced the old one. Two routes sharing a title would give no such sign: the
 * second of them is loaded in full instead.
 */
async function navigateInApp(page: Page, path: string, from: string | undefined) {
  const titleOf = (p: string | undefined) => APP_ROUTES.find((r) => concrete(r.path) === p)?.title;
  if (!from || titleOf(from) === titleOf(path)) {
    await page.goto(`${base}${path}`);
    return;
  }
  const before = await page.title();
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((t) => document.title !== t, before);
}

/**
 * Every page at two widths. At desktop width each page is a fresh load of its address (a deep
 * link: the server's fallback, the session restored, the guard); at phone width the same pages are
 * reached by in-app navigation from one loaded app. Each width signs in an administrator of its
 * own, so the theme it switches is nobody else's.
 */
describe.each([
  ['desktop', DESKTOP, 'load'],
  ['phone', PHONE, 'in-app'],
] as const)('every page at %s width', (size, viewport, navigation) => {
  let page: Page;
  let watch: ReturnType<typeof watchForErrors>;
  let admin: Awaited<ReturnType<typeof accountWithRole>>;
  let previous: string | undefined;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    admin = await accountWithRole(base, 'admin');
    page = await browser.newPage(viewport);
    watch = watchForErrors(page);
  });

  it('renders public pages signed out, with no serious accessibility violations', async () => {
    for (const path of ['/', '/about', '/auth/login', '/auth/register', '/payment', '/unauthorized', '/no-such-page']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.screenshot({ path: fileName(path, size), fullPage: true });
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
  });

  it('signs the admin in', async () => {
    await page.goto(`${base}/auth/login`);
    await signInUi(page, admin.user.email, admin.password);
    await page.waitForURL(DASHBOARD_URL);
  });

  // One test per page: each has its own time budget, and a failure names the page.
  it.each(APP_ROUTES.map((r) => concrete(r.path)))('renders %s for the admin with its title', async (path) => {
    if (navigation === 'load') await page.goto(`${base}${path}`);
    else await navigateInApp(page, path, previous);
    previous = path;
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await h1.waitFor();
    // Checked once the page shows: a guard's redirect would have happened by then.
    expect(new URL(page.url()).pathname, `${path} stays`).toBe(path);
    expect((await h1.textContent())?.trim().length, `${path} has a title`).toBeGreaterThan(0);
    await page.screenshot({ path: fileName(path, size), fullPage: true });
    expect(watch.errors).toEqual([]);
  });

  it('has no serious accessibility violations on the main app pages', async () => {
    for (const path of ['/viewer/settings', '/admin/users', '/dashboard']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
  });

  it('applies the dark theme at once and keeps it readable', async () => {
    await page.goto(`${base}/viewer/settings`);
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    for (const path of ['/dashboard', '/viewer/settings', '/admin/users', '/']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(true);
      await page.screenshot({ path: fileName(path, size, 'dark'), fullPage: true });
      expect(await seriousAxeViolations(page), `${path} (dark)`).toEqual([]);
    }
    await page.goto(`${base}/viewer/settings`);
    await page.getByLabel('Theme').selectOption('light');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(watch.errors).toEqual([]);
  });
});
