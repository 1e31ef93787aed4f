import { describe, expect, it, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { accountWithRole } from './fixtures/accounts.ts';
import { signedInPage, useBrowser } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** What has focus: its role and its text (or its label when it has no text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return `${el?.getAttribute('role') ?? el?.tagName.toLowerCase()}: ${el?.textContent?.trim() || el?.getAttribute('aria-label')}`;
  });
/** Script files the page has fetched whose name starts with `name`. */
const fetched = (page: Page, name: string) =>
  page.evaluate(
    (n) => performance.getEntriesByType('resource').filter((e) => e.name.split('/').pop()?.startsWith(n)).length,
    name,
  );

/**
 * The app bar's menus load their code when first used (the first load of every app page stays
 * light); until then their buttons must look, read and answer as the menus do once loaded.
 */
describe('menus loaded on demand', () => {
  it('open from a key with the first item focused and from a press with the menu focused, as loaded ones do', async () => {
    const owner = await accountWithRole(base, 'user');
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password);
    try {
      const account = page.getByRole('button', { name: /^Account:/ });
      await account.waitFor();
      expect(await fetched(page, 'user-menu-panel')).toBe(0);
      expect(await account.getAttribute('aria-haspopup')).toBe('menu');
      expect(await account.getAttribute('aria-expanded')).toBe('false');

      // A key opens it: the first item has focus, Escape gives it back to the button.
      await account.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('menuitem: Settings');
      expect(await fetched(page, 'user-menu-panel')).toBe(1);
      // The open (modal) menu hides the rest of the page from assistive technology, its button too.
      expect(await page.locator('header button[aria-haspopup="menu"][aria-expanded="true"]').count()).toBe(1);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page)).toBe('menuitem: About and help');
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toMatch(/^button: .*Account:/);

      // Once loaded, the same: Radix itself handles the key now.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('menuitem: Settings');
      await page.keyboard.press('Escape');

      // The bell, opened by ArrowDown before its code is there: the first item that can be used.
      const bell = page.getByRole('button', { name: /^Alerts/ });
      expect(await fetched(page, 'alert-menu')).toBe(0);
      await bell.focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page)).toBe('menuitem: All events');
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toMatch(/^button: Alerts/);

      // A press opens it with the panel focused (no item highlighted), as Radix does for a pointer.
      await page.reload();
      await account.waitFor();
      await account.click();
      await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
      await expect.poll(() => focused(page)).toMatch(/^menu: /);
      await page.getByRole('menuitem', { name: 'Settings' }).click();
      await page.waitForURL(`${base}/viewer/settings`);
      expect(watch.errors, JSON.stringify(watch.errors)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
