import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { accountWithRole, apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const shot = (name: string) => path.join(SCREENSHOT_DIR, `api-keys-${name}.png`);

/** A REST call from the test itself (Node), as an integration would make it. */
const api = (key: string, method: string, url: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** Nothing wider than the window, once the layout has settled after a resize. */
const noOverflow = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

/**
 * API keys on /security in Chromium: an owner creates one (shown once, copied), the test uses it
 * from Node against the REST API with its role's rights, then the owner revokes it and the next
 * call is refused.
 */
describe('API keys on the security page', () => {
  let page: Page;
  const perTest = usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
    prepare: async (context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    },
  });
  const { signIn } = perTest;
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  it('an owner creates a key, it works from Node with its role, and is refused once revoked', async () => {
    const owner = await apiSignUp(base, 'Kim Keys');
    const camera = await addCamera(base, owner, { name: 'Loading bay', recordingMode: 'off' });
    try {
      await signIn(owner.user.email, owner.password);
      await page.goto(`${base}/security`);
      const panel = page.getByTestId('api-keys-panel');
      await visible(panel.getByRole('heading', { name: 'API keys' })).toBe(true);
      await visible(panel.getByText('No API keys yet.')).toBe(true);

      await panel.getByRole('button', { name: 'Create key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await visible(dialog).toBe(true);
      // An owner may grant every key role.
      const roles = await dialog.getByLabel('Role').locator('option').allTextContents();
      expect(roles).toEqual(['Manager', 'Operator', 'Viewer']);
      // A name is required, checked before anything is sent.
      await dialog.getByRole('button', { name: 'Create key' }).click();
      await visible(dialog.getByText('Give the key a name.')).toBe(true);
      await dialog.getByLabel('Name').fill('Door controller');
      await dialog.getByLabel('Role').selectOption('viewer');
      await visible(dialog.getByText('Viewer: reads cameras, recordings, events and exports.')).toBe(true);
      const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      await dialog.getByLabel('Expires on (optional)').fill(inMonth);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Create key' }).click();

      const shown = page.getByRole('dialog', { name: 'Your new API key' });
      await visible(shown).toBe(true);
      await visible(shown.getByText('Copy this key now: you will not see it again.', { exact: false })).toBe(true);
      const key = await shown.getByTestId('api-key-value').inputValue();
      expect(key).toMatch(/^vgk_[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: 'Copy' }).click();
      await visible(page.getByText('Key copied.')).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await page.screenshot({ path: shot('shown-desktop') });
      await shown.getByRole('button', { name: 'I have copied it' }).click();
      await visible(shown).toBe(false);

      // Listed by its first characters only: the key itself is nowhere on the page any more.
      const item = panel.getByTestId('api-key-item').filter({ hasText: 'Door controller' });
      await visible(item).toBe(true);
      expect(await item.textContent()).toContain(`${key.slice(0, 12)}…`);
      expect(await item.textContent()).toContain('Never used');
      expect(await page.content()).not.toContain(key.slice(12));

      // From Node, as an integration: the workspace's cameras, with a viewer's rights.
      const cams = await api(key, 'GET', '/api/v1/cameras');
      expect(cams.status).toBe(200);
      expect(((await cams.json()) as { items: { id: string }[] }).items.map((c) => c.id)).toEqual([camera]);
      const add = await api(key, 'POST', '/api/v1/cameras', { name: 'By key', source: { type: 'test-pattern' } });
      expect(add.status).toBe(403);
      // Keys never make keys.
      expect((await api(key, 'POST', '/api/v1/api-keys', { name: 'Child', role: 'viewer' })).status).toBe(403);

      // The list shows the use.
      await page.reload();
      await visible(item.getByText(/Last used .* from /)).toBe(true);
      await page.screenshot({ path: shot('desktop'), fullPage: true });
      await page.setViewportSize(PHONE_390);
      await noOverflow(page);
      await page.screenshot({ path: shot('phone'), fullPage: true });
      // Dark theme at phone width (a preference, applied on the next read of /me).
      const dark = await fetch(`${base}/api/v1/me`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ preferences: { theme: 'dark' } }),
      });
      expect(dark.status).toBe(200);
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await visible(item).toBe(true);
      await page.screenshot({ path: shot('phone-dark'), fullPage: true });

      await item.getByRole('button', { name: 'Revoke the key Door controller' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
      await visible(confirm.getByText(key.slice(0, 12), { exact: false })).toBe(true);
      await page.screenshot({ path: shot('revoke-phone') });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await visible(page.getByText('Key “Door controller” revoked.')).toBe(true);
      await visible(panel.getByText('No API keys yet.')).toBe(true);
      const after = await api(key, 'GET', '/api/v1/cameras');
      expect(after.status).toBe(401);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await deleteCamera(base, owner, camera);
    }
  });

  it('is not offered to an operator', async () => {
    const operator = await accountWithRole(base, 'operator');
    await signIn(operator.user.email, operator.password);
    await page.goto(`${base}/security`);
    await visible(page.getByRole('heading', { name: 'Security dashboard', level: 1 })).toBe(true);
    expect(await page.getByTestId('api-keys-panel').count()).toBe(0);
  });
});
