import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ROUTES } from '@vigil/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ADMIN } from './fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const concrete = (path: string) => path.replace(':id', 'site-1');
const fileName = (path: string, size: string, theme = 'light') =>
  `${SCREENSHOT_DIR}/${size}-${theme}-${path === '/' ? 'root' : path.slice(1).replaceAll('/', '_')}.png`;

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(
      (v: { id: string; impact: string; nodes: { target: string[]; html: string }[] }) =>
        `${v.impact} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 200)).join(', ')}`,
    );
  });
  return result.filter((v: string) => v.startsWith('critical') || v.startsWith('serious'));
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('every page at %s width', (size, viewport) => {
  let ctx: BrowserContext;
  let page: Page;
  let watch: ReturnType<typeof watchForErrors>;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    ctx = await browser.newContext(viewport);
    page = await ctx.newPage();
    watch = watchForErrors(page);
  });
  afterAll(() => ctx.close());

  it('renders public pages signed out, with no serious accessibility violations', async () => {
    for (const path of ['/', '/about', '/auth/login', '/auth/register', '/payment', '/unauthorized', '/no-such-page']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.screenshot({ path: fileName(path, size), fullPage: true });
      expect(await axeViolations(page), path).toEqual([]);
    }
    expect(watch.errors).toEqual([]);
  });

  it('signs the admin in', async () => {
    await page.goto(`${base}/auth/login`);
    await signInUi(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${base}/`);
  });

  // One test per page: each has its own time budget, and a failure names the page.
  it.each(
    ROUTES.filter((r) => r.requiresAuth).map((r) => concrete(r.path)),
  )('renders %s for the admin with its title', async (path) => {
    await page.goto(`${base}${path}`);
    expect(new URL(page.url()).pathname, `${path} stays`).toBe(path);
    const h1 = page.getByRole('heading', { level: 1 }).first();
    await h1.waitFor();
    expect((await h1.textContent())?.trim().length, `${path} has a title`).toBeGreaterThan(0);
    await page.screenshot({ path: fileName(path, size), fullPage: true });
    expect(watch.errors).toEqual([]);
  });

  it('has no serious accessibility violations on the main app pages', async () => {
    for (const path of ['/viewer/settings', '/admin/users', '/dashboard']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await axeViolations(page), path).toEqual([]);
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
      expect(await axeViolations(page), `${path} (dark)`).toEqual([]);
    }
    await page.goto(`${base}/viewer/settings`);
    await page.getByLabel('Theme').selectOption('light');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(watch.errors).toEqual([]);
  });
});
