import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { useBrowser, watchForErrors } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** Every text the page's h1 shows, from the first render on: a flash of another language shows here. */
async function recordHeadings(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __headings: seen });
    new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __headings: string[] }).__headings);
}

/**
 * A first visit to "/" shows the landing before the app (router, session, data) has loaded; the
 * app takes over when a link is followed. The same frame and page render in both.
 */
describe('landing: first visit', () => {
  it('a French visitor sees French from the first render, and the app opens on a link, Back returns', async () => {
    const page = await browser.newPage();
    const watch = watchForErrors(page);
    await page.addInitScript(() => localStorage.setItem('vigil.language', 'fr'));
    const headings = await recordHeadings(page);
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await headings()).toEqual(['Toutes vos caméras, tous vos sites, une seule vue sereine.']);
    expect(await page.title()).toBe('Vidéosurveillance auto-hébergée · Vigil');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

    // The app's own strings come with it: the sign-in page is French too, never a key.
    await page.getByRole('navigation').getByRole('link', { name: 'Se connecter' }).click();
    await page.waitForURL(`${base}/auth/login`);
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/);

    await page.goBack();
    await page.waitForURL(`${base}/`);
    await page.getByRole('heading', { name: 'Toutes vos caméras, tous vos sites, une seule vue sereine.' }).waitFor();
    await page.close();
    expect(watch.errors).toEqual([]);
  });

  it('switches language before the app has loaded; its links keep their addresses', async () => {
    const page = await browser.newPage();
    const watch = watchForErrors(page);
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Every camera, every site, one calm view.' }).waitFor();
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('heading', { name: 'Toutes vos caméras, tous vos sites, une seule vue sereine.' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('vigil.language'))).toBe('fr');
    // A link keeps its address for the browser's own ways to open it.
    expect(await page.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/auth/register');
    await page.close();
    expect(watch.errors).toEqual([]);
  });

  it('a signed-in visitor gets the app on "/": the welcome, the way to the dashboard, and signing out', async () => {
    const owner = await apiSignUp(base, 'Landing Owner');
    const page = await browser.newPage();
    const watch = watchForErrors(page);
    await page.addInitScript((token) => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('vigil.token', token);
      sessionStorage.setItem('seeded', '1');
    }, owner.token);
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Welcome, Landing Owner' }).waitFor();
    const header = page.getByRole('navigation', { name: 'Main' });
    expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/manager/dashboard');
    await header.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Create account' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome, Landing Owner' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('vigil.token'))).toBeNull();
    await page.close();
    expect(watch.errors).toEqual([]);
  });
});
