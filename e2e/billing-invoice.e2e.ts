import { describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import {
  PHONE_390,
  useAdmin,
  close,
  noOverflow,
  pendingChange,
  setTheme,
  shot,
  storageHistory,
  text,
  visible,
} from './fixtures/billing.ts';
import { DESKTOP, signedInPage, useBrowser, watchForErrors } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const admin = useAdmin(browser, base);

/**
 * Prices and paying in the browser: the admin edits a plan's price and limits, an owner pays a
 * manual invoice that the admin marks paid and refunds; the landing page then shows the edited price
 * (so it runs after the edit, in this file).
 */
describe('prices, a manual invoice and its refund, in the browser', () => {
  it('the admin edits a price and limits, the owner pays a manual invoice, the admin marks it paid, the plan is active with the new limits', async () => {
    // The admin: the server names a bad field beside it, then the edit is saved.
    const a = admin.page;
    await a.goto(`${base}/admin/pricing`);
    await visible(a.getByTestId('plan-row-pro')).toBe(true);
    await a.getByRole('button', { name: 'Edit Pro' }).click();
    const editor = a.getByRole('dialog');
    await editor.getByLabel('Monthly price').fill('35');
    await editor.getByLabel('Yearly price').fill('350');
    await editor.getByLabel('Cameras', { exact: true }).fill('30');
    await visible(editor.getByTestId('price-change-note')).toBe(true);
    await editor.getByLabel('Currency').fill('XYZ');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await visible(editor.getByTestId('plan-save-error')).toBe(true);
    expect(await editor.getByLabel('Currency').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAxeViolations(a)).toEqual([]);
    await editor.screenshot({ path: shot('pricing-editor-error') });
    await editor.getByLabel('Currency').fill('EUR');
    await editor.getByRole('button', { name: 'Save plan' }).click();
    await visible(editor).toBe(false);
    const row = a.getByTestId('plan-row-pro');
    await text(row).toContain('€35.00 / month');
    expect(await row.textContent()).toContain('€350.00 / year');
    expect(await row.textContent()).toContain('30 cameras');
    await a.screenshot({ path: shot('pricing-desktop'), fullPage: true });

    // Invoice details: a 20 % tax on what the owner will be asked.
    await a.goto(`${base}/admin/payment-settings`);
    await a.getByLabel('Tax rate (%)').fill('20');
    await a.getByLabel('Seller name').fill('Vigil Test SARL');
    await a
      .getByLabel('Payment instructions')
      .fill('IBAN FR76 3000 6000 0112 3456 7890 189, reference: the invoice number');
    await a.getByRole('button', { name: 'Save payment settings' }).click();
    await visible(a.getByText('Payment settings saved.')).toBe(true);

    // The owner: compare, choose Pro monthly, get the invoice.
    const account = await apiSignUp(base, 'Paula Payer');
    const owner = await signedInPage(browser, base, account.user.email, account.password);
    try {
      const o = owner.page;
      await o.goto(`${base}/upgrade`);
      const pro = o.getByTestId('plan-pro');
      await text(pro.getByTestId('plan-price')).toBe('€35.00');
      expect(await o.getByTestId('plan-basic').textContent()).toContain('Current plan');
      await o.getByText('Yearly — save up to', { exact: false }).click();
      await text(pro.getByTestId('plan-price')).toBe('€350.00');
      expect(await pro.textContent()).toContain('Save 16 % (€70.00)');
      expect(await seriousAxeViolations(o)).toEqual([]);
      await o.screenshot({ path: shot('upgrade-desktop'), fullPage: true });
      await o.getByText('Monthly', { exact: true }).click();
      await o.getByRole('link', { name: 'Choose Pro' }).click();
      await o.waitForURL(`${base}/payment?plan=pro&interval=month`);
      await text(o.getByTestId('payment-price')).toBe('€35.00');
      await o.getByRole('button', { name: 'Get the invoice for €35.00' }).click();
      const issued = o.getByTestId('invoice-issued');
      await visible(issued).toBe(true);
      await text(issued.getByTestId('invoice-total')).toBe('€42.00');
      const pdf = issued.getByRole('link', { name: /\(PDF\)$/ });
      const pdfRes = await o.request.get(new URL((await pdf.getAttribute('href'))!, base).toString());
      expect(pdfRes.status()).toBe(200);
      expect(pdfRes.headers()['content-type']).toContain('application/pdf');
      expect(await seriousAxeViolations(o)).toEqual([]);
      await o.screenshot({ path: shot('payment-manual-desktop'), fullPage: true });
      const number = ((await issued.getByRole('heading').textContent()) ?? '').replace(/^Invoice | issued$/g, '');

      // The admin records the transfer, after a confirmation.
      await a.goto(`${base}/admin/payment-settings`);
      await a.getByRole('button', { name: `Mark paid: invoice ${number}` }).click();
      const confirm = a.getByRole('dialog');
      await visible(
        confirm.getByText(`${account.workspace.name} moves to the Pro plan at once`, { exact: false }),
      ).toBe(true);
      await confirm.getByRole('button', { name: 'Mark paid' }).click();
      await visible(a.getByText(`Invoice ${number} is paid`, { exact: false })).toBe(true);
      await text(a.getByTestId('recent-payments')).toContain(account.user.email);
      expect(await seriousAxeViolations(a)).toEqual([]);
      await a.screenshot({ path: shot('payment-settings-desktop'), fullPage: true });

      // The owner's billing: active on Pro, with Pro's new limits.
      await storageHistory(account.workspace.id);
      await o.goto(`${base}/billing`);
      await text(o.getByTestId('plan-status')).toBe('Active');
      expect(await o.getByTestId('billing-plan').textContent()).toBe('Pro');
      expect(await o.getByRole('progressbar', { name: 'Cameras' }).getAttribute('aria-valuetext')).toBe('0 of 30');
      expect(await o.getByTestId('invoices').textContent()).toContain('Paid');
      expect(await o.getByTestId('payment-method').textContent()).toBe('Invoice (bank transfer)');
      expect(await o.getByTestId('trial-status').count()).toBe(0);
      // The storage chart loads with the page, one image with its summary; the figures are a table too.
      const chart = o.getByRole('img', { name: /^From .* to .*; the most was/ });
      await visible(chart).toBe(true);
      await o.getByText('Show the figures as a table').click();
      expect(await o.getByTestId('storage-table').locator('tbody tr').count()).toBe(30);
      expect(await seriousAxeViolations(o)).toEqual([]);
      await o.screenshot({ path: shot('active-desktop'), fullPage: true });
      await o.setViewportSize(PHONE_390);
      await noOverflow(o);
      await o.screenshot({ path: shot('active-phone'), fullPage: true });
      await setTheme(base, account, 'dark');
      await o.reload();
      await expect.poll(() => o.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await visible(o.getByTestId('billing-plan')).toBe(true);
      await visible(o.getByTestId('storage-chart')).toBe(true);
      expect(await seriousAxeViolations(o)).toEqual([]);
      await o.screenshot({ path: shot('active-phone-dark'), fullPage: true });
      for (const p of ['/upgrade', '/payment?plan=vms&interval=year']) {
        await o.goto(`${base}${p}`);
        await o.getByRole('heading', { level: 1 }).first().waitFor();
        await noOverflow(o);
        await o.screenshot({ path: shot(`${p.slice(1, 8)}-phone-dark`), fullPage: true });
      }
      await setTheme(base, account, 'light');

      // The admin's pages at a phone's width: the tables scroll inside their own region.
      await a.setViewportSize(PHONE_390);
      for (const p of ['/admin/pricing', '/admin/payment-settings']) {
        await a.goto(`${base}${p}`);
        await a.getByRole('heading', { level: 1 }).first().waitFor();
        await noOverflow(a);
        await a.screenshot({ path: shot(`${p.slice(7)}-phone`), fullPage: true });
      }

      // A paid manual invoice is refunded by a credit note, after a confirmation (looked at on a
      // phone first and left alone, then made on a desktop).
      const refundButton = a.getByRole('button', { name: `Refund invoice ${number} with a credit note` });
      const refundDialog = a.getByRole('dialog');
      await refundButton.click();
      await visible(refundDialog.getByText('a credit note takes the whole invoice back', { exact: false })).toBe(true);
      await noOverflow(a);
      await a.screenshot({ path: shot('refund-dialog-phone') });
      await refundDialog.getByRole('button', { name: 'Cancel' }).click();
      await a.setViewportSize(DESKTOP);
      await refundButton.click();
      expect(await refundDialog.textContent()).toContain(`€42.00 went back to ${account.workspace.name}`);
      expect(await seriousAxeViolations(a)).toEqual([]);
      await a.screenshot({ path: shot('refund-dialog-desktop') });
      await refundDialog.getByRole('button', { name: 'Refund (credit note)' }).click();
      await visible(a.getByText(`issued for invoice ${number}`, { exact: false })).toBe(true);
      await text(a.getByTestId('admin-credit-notes')).toContain(number);
      await text(a.getByTestId('paid-invoices')).toContain('Credited by');
      expect(await refundButton.count()).toBe(0);

      // A move down waiting for the period's end (what Vigil stores when it makes Stripe's schedule)
      // is said on Billing, at both widths.
      await pendingChange(account.workspace.id);
      await o.setViewportSize(DESKTOP);
      await o.goto(`${base}/billing`);
      const pending = o.getByTestId('pending-change');
      await text(pending).toContain('Changes to Basic (monthly) on');
      expect(await pending.textContent()).toContain('Until then you keep Pro.');
      await o.screenshot({ path: shot('pending-change-desktop'), fullPage: true });
      await o.setViewportSize(PHONE_390);
      await noOverflow(o);
      await o.screenshot({ path: shot('pending-change-phone'), fullPage: true });
    } finally {
      await close(owner);
    }
  });

  it('the landing page shows the public plans from the table', async () => {
    const ctx = await browser.newContext(PHONE_390);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    try {
      await page.goto(`${base}/`);
      const plans = page.getByTestId('landing-plans');
      await visible(plans).toBe(true);
      expect(await plans.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Basic', 'Pro', 'VMS']);
      expect(await plans.textContent()).toContain('€35.00');
      await noOverflow(page);
      await plans.screenshot({ path: shot('landing-plans-phone') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
