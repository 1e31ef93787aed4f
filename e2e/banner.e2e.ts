import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { useBrowser, watchForErrors } from './fixtures/browser.ts';
import { type RunningServer, startServer } from './fixtures/server.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const browser = useBrowser();

async function signIn(page: Page, url: string, who: { user: { email: string }; password: string }) {
  await page.goto(`${url}/auth/login`);
  await signInUi(page, who.user.email, who.password);
  await page.waitForURL(DASHBOARD_URL, { timeout: 15_000 });
  await page.goto(`${url}/viewer/dashboard`);
}

/** Spec §1 banner: it follows the server going away and coming back, by itself. */
describe('connection banner', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
  });

  it('switches to "disconnected" when the server stops and back when it returns', async () => {
    const first = await startServer();
    servers.push(first);
    const who = await apiSignUp(first.url, 'Ban Ner');
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    await signIn(page, first.url, who);
    const banner = page.getByTestId('connection-banner');
    await expect
      .poll(() => banner.textContent(), { timeout: 15_000 })
      .toContain('Preview backend running in this workspace.');

    watch.allowNetworkFailures(true);
    await first.stop();
    await expect.poll(() => banner.textContent(), { timeout: 15_000 }).toContain('Preview backend disconnected.');

    const second = await startServer({ dataDir: first.dataDir, port: first.port });
    servers.push(second);
    await expect
      .poll(() => banner.textContent(), { timeout: 20_000 })
      .toContain('Preview backend running in this workspace.');
    await ctx.close();
    expect(watch.errors, watch.errors.join('\n')).toEqual([]);
    // Two server starts (60 s each at most, see fixtures/server.ts) and three banner changes.
  }, 180_000);
});

/** Item 24: the banner is one unobtrusive line on a phone, and only on app pages. */
describe('connection banner placement', () => {
  const base = inject('baseUrl');

  it('stays off the public landing page', async () => {
    const ctx = await browser.newContext({ width: 390, height: 844 });
    const page = await ctx.newPage();
    // A first visit shows the landing before the app (and its connection monitor) has loaded.
    await page.goto(`${base}/`);
    await page.getByRole('main').first().waitFor();
    expect(await page.getByTestId('connection-banner').count()).toBe(0);
    // Inside the app the page's connection-status stream opens: the banner would show from then on, if ever.
    const stream = page.waitForResponse((r) => r.url().includes('/api/v1/realtime'));
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.waitForURL(`${base}/about`);
    expect((await stream).status()).toBe(200);
    await page.getByRole('link', { name: 'Vigil home' }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.getByTestId('connection-banner').count()).toBe(0);
    await ctx.close();
  });

  for (const language of ['en', 'fr'] as const) {
    it(`takes one line on a 390 px phone (${language})`, async () => {
      const who = await apiSignUp(base, 'Phone Banner');
      await fetch(`${base}/api/v1/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
        body: JSON.stringify({ preferences: { language } }),
      });
      const ctx = await browser.newContext({ width: 390, height: 844 });
      const page = await ctx.newPage();
      await signIn(page, base, who);
      const banner = page.getByTestId('connection-banner');
      await banner.waitFor({ timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      const box = await banner.evaluate((el) => {
        const style = getComputedStyle(el);
        return { height: el.getBoundingClientRect().height, line: Number.parseFloat(style.lineHeight) };
      });
      // One line of text plus its small vertical padding.
      expect(box.height).toBeLessThan(box.line * 2);
      await ctx.close();
    });
  }
});
