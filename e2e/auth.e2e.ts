import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { ADMIN, accountWithRole, uniqueEmail } from './fixtures/accounts.ts';
import { useBrowser, usePagePerTest } from './fixtures/browser.ts';
import { signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();

describe('accounts in the browser', () => {
  let page: Page;
  usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });

  it('signs up, lands on the owner’s dashboard (not the marketing page) with the trial shown, signs out, and signs in again', async () => {
    const email = uniqueEmail('newcomer');
    await page.goto(`${base}/auth/register`);
    await page.getByLabel('Display name').fill('Nina Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    // An owner counts as a manager: the manager's dashboard.
    await page.waitForURL(`${base}/manager/dashboard`);
    await expect
      .poll(() =>
        page
          .getByText(/7 days left/)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await page.getByRole('button', { name: /^Account/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);

    await page.goto(`${base}/auth/login`);
    await signInUi(page, email, 'good-password');
    await page.waitForURL(`${base}/manager/dashboard`);
    await expect
      .poll(() =>
        page
          .getByText(/days left/)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it('shows the catalogue message for a wrong password and for a short one at sign-up', async () => {
    await page.goto(`${base}/auth/login`);
    await signInUi(page, ADMIN.email, 'not-the-password');
    // One answer for an unknown email and a wrong password (enumeration protection, on by default).
    await expect.poll(() => page.getByText('Login failed. Please check your credentials.').isVisible()).toBe(true);
    expect(page.url()).toContain('/auth/login');

    await page.goto(`${base}/auth/register`);
    await page.getByLabel('Display name').fill('Shorty');
    await page.getByLabel('Email').fill(uniqueEmail('short'));
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Password should be at least 6 characters.').first().isVisible()).toBe(true);
  });

  it('sends a signed-out visitor of /manager/team to login with the redirect, then there', async () => {
    const manager = await accountWithRole(base, 'manager');
    await page.goto(`${base}/manager/team`);
    await page.waitForURL(/\/auth\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/manager/team');
    await signInUi(page, manager.user.email, manager.password);
    await page.waitForURL(`${base}/manager/team`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Team/);
  });

  it('sends a viewer from /admin/users to /unauthorized', async () => {
    const viewer = await accountWithRole(base, 'viewer');
    await page.goto(`${base}/auth/login`);
    await signInUi(page, viewer.user.email, viewer.password);
    await page.waitForURL(`${base}/viewer/dashboard`);
    await page.goto(`${base}/admin/users`);
    await page.waitForURL(`${base}/unauthorized`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
  });

  it('shows the not-found page for an unknown path', async () => {
    await page.goto(`${base}/no/such/page`);
    await expect
      .poll(() =>
        page
          .getByText(/not found/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(page.url()).toBe(`${base}/no/such/page`);
  });
});
