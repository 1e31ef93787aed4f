import path from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { accountWithRole } from './fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { walkEveryRole } from './fixtures/route-walk.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { ...PHONE, width: 390 };
const shot = (name: string) => path.join(SCREENSHOT_DIR, `route-walk-${name}.png`);

/**
 * The first day's promise, walked as each role would on a plan without the VMS area: every link of
 * the menu opens a page the person can use (fixtures/route-walk.ts). The walk on the VMS plan is
 * route-walk-vms.e2e.ts, so the two run side by side.
 */
describe('route walk: every menu link of every role opens a usable page', () => {
  walkEveryRole(browser, base, false);

  it('help is where people look: the about page and the account menu give the support contact', async () => {
    const owner = await accountWithRole(base, 'user');
    for (const [viewport, size] of [
      [DESKTOP, '1280'],
      [PHONE_390, '390'],
    ] as const) {
      const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, viewport);
      try {
        await page.getByRole('button', { name: /^Account:/ }).click();
        const menu = page.getByRole('menu');
        expect(
          await menu.getByRole('menuitem', { name: 'Write to support: help@vigil.test' }).getAttribute('href'),
        ).toBe('mailto:help@vigil.test');
        expect(await menu.getByRole('menuitem', { name: 'Call support: +33 1 23 45 67 89' }).getAttribute('href')).toBe(
          'tel:+33123456789',
        );
        await page.screenshot({ path: shot(`account-menu-${size}`) });
        await menu.getByRole('menuitem', { name: 'About and help' }).click();
        await page.waitForURL(`${base}/about`);
        const help = page.getByRole('region', { name: 'Help' });
        expect(await help.getByTestId('support-contact').textContent()).toContain('help@vigil.test');
        await page.screenshot({ path: shot(`about-${size}`), fullPage: true });
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    }
  }, 90_000);

  it('at phone width the data tables are lists of cards: nothing scrolls sideways', async () => {
    const admin = await accountWithRole(base, 'admin');
    const { ctx, page, watch } = await signedInPage(browser, base, admin.user.email, admin.password, PHONE_390);
    try {
      for (const [href, name] of [
        ['/admin/users', 'users'],
        ['/admin/pricing', 'plans'],
      ] as const) {
        await page.goto(`${base}${href}`);
        const table = page.locator('table.stack-table').first();
        const rows = table.locator('tbody tr');
        await rows.first().waitFor();
        // A row is a card: its cells stack, each labelled with its column's heading.
        const firstCell = rows.first().locator('td').first();
        // A block of its own (flow-root: as tall as its floated label).
        expect(await firstCell.evaluate((td) => getComputedStyle(td).display), href).toBe('flow-root');
        expect(await firstCell.getAttribute('data-label'), href).toBeTruthy();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          href,
        ).toBeLessThanOrEqual(0);
        expect(
          await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
          `${href}: the table's own scroll`,
        ).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shot(`${name}-table-390`), fullPage: true });
      }
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('a page reached by its address anyway says what it is and who it is for, asking the server nothing', async () => {
    const viewer = await accountWithRole(base, 'viewer');
    for (const [viewport, size] of [
      [DESKTOP, '1280'],
      [PHONE_390, '390'],
    ] as const) {
      const { ctx, page, watch } = await signedInPage(browser, base, viewer.user.email, viewer.password, viewport);
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.url().startsWith(base) && r.status() >= 400) refused.push(`${r.status()} ${r.url().slice(base.length)}`);
      });
      try {
        await page.goto(`${base}/billing`);
        const refusal = page.getByTestId('page-refusal');
        await refusal.waitFor();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Billing');
        expect(await refusal.textContent()).toContain('This page is for the workspace’s owner.');
        expect(await refusal.getByTestId('support-contact').textContent()).toContain('help@vigil.test');
        await page.screenshot({ path: shot(`refusal-billing-${size}`), fullPage: true });

        await page.goto(`${base}/ai/settings`);
        await refusal.waitFor();
        expect(await refusal.textContent()).toContain(
          'This page is for the workspace’s owner, its managers and administrators, in a workspace whose plan includes AI detection.',
        );
        expect(await refusal.textContent()).not.toMatch(/permission/i);

        await page.goto(`${base}/vms/bulk-operations`);
        await refusal.waitFor();
        await page.screenshot({ path: shot(`refusal-bulk-${size}`), fullPage: true });
        // The guard's own refusal (an area the role does not open) reads the same.
        await page.goto(`${base}/admin/users`);
        await page.waitForURL(`${base}/unauthorized`);
        await refusal.waitFor();
        expect(await refusal.textContent()).toContain('This page is for the installation’s administrators.');
        await page.screenshot({ path: shot(`unauthorized-${size}`), fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        expect(refused).toEqual([]);
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    }
  }, 120_000);
});
