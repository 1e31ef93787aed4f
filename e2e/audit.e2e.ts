import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { ADMIN, apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };

/** A JSON call of the e2e server from a given client address (the server trusts loopback as a proxy). */
async function api(method: string, url: string, token: string, body?: unknown, from = '203.0.113.50') {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': from,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/**
 * The audit log on the security page in Chromium: an owner reads what happened in their
 * workspace (who, what, on what, from where), filters it, verifies the chain (intact, then broken
 * after a row is edited behind the trigger's back) and downloads it as CSV; an administrator
 * switches to the whole installation.
 */
describe('audit log panel in the browser', () => {
  let page: Page;
  const perTest = usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });
  const { signIn } = perTest;
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  it('an owner reads, filters, verifies and downloads their workspace’s log; an edited row breaks Verify', async () => {
    const owner = await apiSignUp(base, 'Audrey Audit');
    const cam = await api('POST', '/api/v1/cameras', owner.token, {
      name: 'Loading bay',
      source: { type: 'test-pattern' },
      recordingMode: 'off',
    });
    await api('PATCH', `/api/v1/cameras/${cam.id}`, owner.token, { name: 'Loading dock' }, '203.0.113.51');
    await api('PUT', '/api/v1/schedules/time-zone', owner.token, { timeZone: 'Europe/Paris' });

    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/security`);
    await visible(page.getByRole('heading', { name: 'Audit log' })).toBe(true);
    const table = page.getByTestId('audit-log');
    await visible(table.getByText('Added a camera')).toBe(true);
    await visible(table.getByText('Changed a camera')).toBe(true);
    await visible(table.getByText('Changed the time zone')).toBe(true);
    await visible(table.getByText('203.0.113.51')).toBe(true);
    await visible(table.getByText('Loading dock').first()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Filter by action: only the camera entries stay.
    await page.getByLabel('Action').selectOption('camera');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(2);
    await page.getByLabel('Person').fill('nobody-by-that-name');
    await visible(page.getByText('No entries match these filters.')).toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // The three changes and the owner's own sign-in.
    await expect.poll(() => table.locator('tbody tr').count()).toBe(4);

    await page.getByRole('button', { name: 'Verify' }).click();
    const result = page.getByTestId('audit-verify-result');
    await expect.poll(() => result.textContent()).toBe('The chain is intact: 4 entries verified.');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'audit-desktop.png'), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vigil-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^time,person,/);
    expect(csv).toContain('camera.created');

    // Someone with the database's keys edits the second entry behind the trigger's back.
    const db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    try {
      await db.query('set session_replication_role = replica');
      await db.query(`update audit_log set ip = '10.0.0.1' where workspace_id = $1 and seq = 2`, [owner.workspace.id]);
    } finally {
      await db.end();
    }
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => result.textContent())
      .toMatch(/^The chain breaks at entry 2 \(.+\): it was changed after it was written\.$/);

    await page.setViewportSize(PHONE_390);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'audit-phone.png'), fullPage: true });

    // The dark theme keeps the panel readable.
    await api('PATCH', '/api/v1/me', owner.token, { preferences: { theme: 'dark' } });
    await page.reload();
    await visible(page.getByTestId('audit-log-list')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'audit-phone-dark.png'), fullPage: true });
    // Its ffmpeg (the live feed of a test pattern) is not left to run through later specs.
    await api('DELETE', `/api/v1/cameras/${cam.id}`, owner.token);
  });

  it('an administrator switches to the whole installation', async () => {
    const other = await apiSignUp(base, 'Ivan Installation');
    const cam = await api('POST', '/api/v1/cameras', other.token, {
      name: 'Other tenant camera',
      source: { type: 'test-pattern' },
      recordingMode: 'off',
    });
    await signIn(ADMIN.email, ADMIN.password);
    await page.goto(`${base}/security`);
    await visible(page.getByRole('heading', { name: 'Audit log' })).toBe(true);
    const whole = page.getByRole('switch', { name: 'Whole installation' });
    await whole.click();
    // Narrowed to that tenant: other spec files write to the installation's log at the same time.
    await page.getByLabel('Person').fill(other.user.email);
    await visible(page.getByTestId('audit-log').getByText('Other tenant camera')).toBe(true);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('audit-verify-result').textContent()).toMatch(/^The chain /);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'audit-admin.png'), fullPage: true });
    await api('DELETE', `/api/v1/cameras/${cam.id}`, other.token);
  });

  it('a member who does not own the workspace sees no audit log', async () => {
    const person = await apiSignUp(base, 'Vera Viewer');
    const owner = await apiSignUp(base, 'Otto Owner');
    await signIn(person.user.email, person.password);
    // The person joins the owner's workspace as a viewer and their session works there.
    const db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    try {
      await db.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'viewer')`, [
        owner.workspace.id,
        person.user.uid,
      ]);
      await db.query('update sessions set workspace_id = $1 where user_id = $2', [owner.workspace.id, person.user.uid]);
    } finally {
      await db.end();
    }
    await page.goto(`${base}/security`);
    await visible(page.getByRole('heading', { name: 'Security dashboard' })).toBe(true);
    expect(await page.getByRole('heading', { name: 'Audit log' }).count()).toBe(0);
  });
});
