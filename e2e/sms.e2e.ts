import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { accountWithRole, apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();
/** The narrow phone the brief asks the page to fit. */
const PHONE_390 = { width: 390, height: 844 };

/**
 * The SMS manager in Chromium. The e2e server talks to no SMS provider (TWILIO_API_URL is the
 * real one), so nothing here saves an account that passes the schema: the provider round trip
 * (check on save, send, signed callbacks, STOP) is proven in apps/server/src/modules/sms/*.test.ts.
 */
describe('SMS manager page in the browser', () => {
  let page: Page;
  const perTest = usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });
  const { signIn } = perTest;
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  it('an owner edits templates with a live segment count, sees unknown variables flagged and a clear save error', async () => {
    const owner = await apiSignUp(base, 'Sally Sms');
    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/sms`);
    await visible(page.getByRole('heading', { name: 'SMS manager' })).toBe(true);
    await visible(page.getByText('No messages yet.')).toBe(true);
    await visible(page.getByText('Nobody has opted out.')).toBe(true);
    // The navigation offers the page.
    await visible(page.getByRole('link', { name: 'SMS manager' }).first()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const text = page.getByTestId('template-text');
    const encoding = page.getByTestId('template-encoding');
    const count = page.getByTestId('template-count');
    expect(await encoding.textContent()).toBe('GSM-7');
    expect(await count.textContent()).toContain('1 segment');

    // An emoji switches the whole message to UCS-2: 70 units a segment, so the sample goes to 2.
    await text.fill('Alert {camera}: {kind} at {time} {link} 🚨');
    await expect.poll(() => encoding.textContent()).toBe('UCS-2');
    await expect.poll(() => count.textContent()).toContain('2 segments');
    await page
      .getByRole('group', { name: 'Message templates' })
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'sms-templates-ucs2.png') });
    await text.fill('Alert {camera}: {kind} at {time} {link}');
    await expect.poll(() => encoding.textContent()).toBe('GSM-7');

    // A chip inserts a variable at the caret; an unknown one is flagged before any save.
    await text.fill('At {time} ');
    await text.press('End');
    await page.getByRole('button', { name: 'Insert {camera}' }).click();
    await expect.poll(() => text.inputValue()).toBe('At {time} {camera}');
    await text.fill('Motion on {cam} at {time}');
    await visible(page.getByTestId('template-error')).toBe(true);
    expect(await page.getByTestId('template-error').textContent()).toContain('Unknown variable {cam}');
    expect(await text.getAttribute('aria-invalid')).toBe('true');
    await page
      .getByRole('group', { name: 'Message templates' })
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'sms-templates-unknown.png') });

    // A kind's own template: picked from the selector, flagged on its own.
    await page.getByLabel('Template for').selectOption('camera.offline');
    await expect.poll(() => text.inputValue()).toBe('');
    await visible(page.getByText('Also to fix: Default (every kind).')).toBe(true);
    await page.getByLabel('Template for').selectOption('default');
    await text.fill('Motion on {camera} at {time} {link}');
    await visible(page.getByTestId('template-error')).toBe(false);

    // Saving what the server refuses: a malformed account SID, named beside its field.
    await page.getByLabel('Account SID').fill('AC123');
    await page.getByLabel('Auth token').fill('0123456789abcdef0123456789abcdef');
    await page.getByLabel('From number').fill('+14155550100');
    await page.getByRole('button', { name: 'Save SMS settings' }).click();
    await visible(page.getByText('must be a Twilio account SID', { exact: false })).toBe(true);
    await visible(page.getByTestId('sms-save-error')).toBe(true);
    expect(await page.getByLabel('Account SID').getAttribute('aria-invalid')).toBe('true');

    // A malformed from number is caught in the browser, before the server.
    await page.getByLabel('From number').fill('0612345678');
    await page.getByRole('button', { name: 'Save SMS settings' }).click();
    await visible(page.getByText('Fix the highlighted fields before saving.')).toBe(true);
    await visible(page.getByText('Enter the number in international form', { exact: false })).toBe(true);
    // "Send test" waits for a saved account.
    expect(await page.getByRole('button', { name: 'Send test' }).isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sms-desktop.png'), fullPage: true });

    await page.setViewportSize(PHONE_390);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sms-phone.png'), fullPage: true });
  });

  it('the log shows each message masked with its status, and a manager allows an opted-out number again', async () => {
    const owner = await apiSignUp(base, 'Lola Log');
    // No provider here: the rows a send and its callbacks would leave are written behind the API.
    const db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    try {
      const insert = `insert into sms_messages (workspace_id, "to", body, provider_sid, status, error_code, error, segments, encoding, test, created_at)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - $11::interval)`;
      const ws = owner.workspace.id;
      await db.query(insert, [
        ws,
        '+33612345678',
        'Vigil: Motion on Front door',
        'SM1',
        'delivered',
        null,
        null,
        1,
        'GSM-7',
        false,
        '3 minutes',
      ]);
      await db.query(insert, [
        ws,
        '+14155550123',
        'Test 🚨',
        'SM2',
        'undelivered',
        '30003',
        'Unreachable destination handset',
        1,
        'UCS-2',
        true,
        '2 minutes',
      ]);
      await db.query(insert, [
        ws,
        '+33700000000',
        'Vigil: Motion',
        null,
        'refused',
        'opted-out',
        'This number answered STOP.',
        1,
        'GSM-7',
        false,
        '1 minute',
      ]);
      await db.query('insert into sms_opt_outs (workspace_id, phone) values ($1, $2)', [ws, '+33700000000']);
    } finally {
      await db.end();
    }
    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/sms`);
    const log = page.getByTestId('sms-log');
    await visible(log).toBe(true);
    const rows = log.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('Not sent');
    expect(await rows.nth(1).textContent()).toContain('30003: Unreachable destination handset');
    expect(await rows.nth(1).textContent()).toContain('1 · UCS-2');
    expect(await rows.nth(2).textContent()).toContain('Delivered');
    // Numbers are masked in the log.
    expect(await rows.nth(2).textContent()).toContain('+336••••••78');
    expect(await log.textContent()).not.toContain('+33612345678');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sms-log-desktop.png'), fullPage: true });
    await page.setViewportSize(PHONE_390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await log.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'sms-log-phone.png') });

    await page.getByRole('button', { name: 'Allow again +33700000000' }).click();
    await visible(page.getByText('Nobody has opted out.')).toBe(true);
  });

  it('an operator is told who runs SMS, with no settings or log', async () => {
    const operator = await accountWithRole(base, 'operator');
    await signIn(operator.user.email, operator.password);
    await page.goto(`${base}/sms`);
    const refusal = page.getByTestId('page-refusal');
    await visible(refusal).toBe(true);
    expect(await refusal.textContent()).toContain(
      'This page is for the workspace’s owner, its managers and administrators.',
    );
    expect(await page.getByTestId('template-text').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
