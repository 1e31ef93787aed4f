import { describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { PHONE_390, useAdmin, close, noOverflow, openPlanDialog, shot, text, visible } from './fixtures/billing.ts';
import { DESKTOP, signedInPage, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const admin = useAdmin(browser, base);

/**
 * The trial in the browser: a new account's days left, the admin ending it (the workspace goes
 * read-only) or putting the account on a plan from Admin › Users.
 */
describe('the trial and the plans the admin gives, in the browser', () => {
  it('a new account sees its 7 trial days on /billing, and /payment sends a visitor to sign in and back', async () => {
    const owner = await apiSignUp(base, 'Tess Trial');
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    try {
      await page.goto(`${base}/payment?plan=pro&interval=year`);
      await page.waitForURL(/\/auth\/login\?redirect=/);
      await signInUi(page, owner.user.email, owner.password);
      await page.waitForURL(`${base}/payment?plan=pro&interval=year`);
      await text(page.getByTestId('payment-plan')).toBe('Pro');
      await text(page.getByTestId('payment-provider')).toBe('Invoice, paid by bank transfer');

      await page.goto(`${base}/billing`);
      await text(page.getByTestId('billing-trial-days')).toBe('7 days left');
      expect(await page.getByTestId('plan-status').textContent()).toBe('Trial');
      expect(await page.getByTestId('trial-status').textContent()).toBe('Trial — 7 days left');
      // Four usage meters, each a progress bar named by its limit and read as figures.
      const cameras = page.getByRole('progressbar', { name: 'Cameras' });
      expect(await cameras.getAttribute('aria-valuetext')).toBe('0 of 10');
      expect(await page.getByRole('progressbar').count()).toBe(4);
      expect(await page.getByText('No invoice yet.').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: shot('trial-desktop'), fullPage: true });
      await page.setViewportSize(PHONE_390);
      await noOverflow(page);
      await page.screenshot({ path: shot('trial-phone'), fullPage: true });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('a trial the admin ends makes the workspace read-only, and adding a camera shows why', async () => {
    const account = await apiSignUp(base, 'Rita Readonly');
    const dialog = await openPlanDialog(base, admin.page, account);
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    await dialog.screenshot({ path: shot('admin-plan-dialog') });
    await dialog.getByRole('button', { name: 'End trial now' }).click();
    await visible(admin.page.getByText('has ended: the workspace is read-only', { exact: false })).toBe(true);

    const owner = await signedInPage(browser, base, account.user.email, account.password);
    try {
      const o = owner.page;
      await o.goto(`${base}/viewer/cameras`);
      await visible(o.getByTestId('read-only-notice')).toBe(true);
      await o.getByRole('button', { name: 'Add camera' }).click();
      const add = o.getByRole('dialog');
      await add.getByLabel('Name', { exact: true }).fill('Not today');
      await add.getByLabel('Source type').selectOption('test-pattern');
      await add.getByRole('button', { name: 'Save' }).click();
      await visible(add.getByText('Your trial has ended: the workspace is read-only.', { exact: false })).toBe(true);
      expect(await add.textContent()).toContain('Adding cameras is not available.');
      await o.screenshot({ path: shot('read-only-camera') });
      await add.getByRole('button', { name: 'Cancel' }).click();

      await o.goto(`${base}/billing`);
      await text(o.getByTestId('plan-status')).toBe('Expired');
      await visible(o.getByTestId('billing-read-only')).toBe(true);
      expect(await seriousAxeViolations(o)).toEqual([]);
      await o.screenshot({ path: shot('expired-desktop'), fullPage: true });
      await o.setViewportSize(PHONE_390);
      await noOverflow(o);
      await o.screenshot({ path: shot('expired-phone'), fullPage: true });
    } finally {
      await close(owner);
    }
  });

  it('the admin grants the vms plan and the VMS pages open without the gate', async () => {
    const account = await apiSignUp(base, 'Victor Vms');
    const owner = await signedInPage(browser, base, account.user.email, account.password);
    try {
      const o = owner.page;
      await o.goto(`${base}/vms/dashboard`);
      await visible(o.getByTestId('page-refusal')).toBe(true);

      const dialog = await openPlanDialog(base, admin.page, account);
      await dialog.getByLabel('Plan', { exact: true }).selectOption('vms');
      await dialog.getByRole('button', { name: 'Put on this plan' }).click();
      await visible(admin.page.getByText(`${account.user.displayName} is on the VMS plan.`)).toBe(true);

      await o.reload();
      await o.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => o.getByTestId('page-refusal').count()).toBe(0);
      await o.goto(`${base}/vms/sites`);
      await o.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await o.getByTestId('page-refusal').count()).toBe(0);
      await o.goto(`${base}/billing`);
      await text(o.getByTestId('billing-plan')).toBe('VMS');
      expect(await o.getByTestId('payment-method').textContent()).toBe('None needed: granted by the administrator');
      await o.screenshot({ path: shot('vms-granted'), fullPage: true });
    } finally {
      await close(owner);
    }
  });
});
