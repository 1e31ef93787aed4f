import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { unsubscribePageUrl } from '../apps/server/src/modules/notifications/unsubscribe-token.ts';
import { apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();

async function emailPrefs(token: string) {
  const res = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).user.preferences.notifications as { email: boolean; digest?: boolean };
}

describe('unsubscribing from a notification mail, signed out, at phone width', () => {
  let ctx: BrowserContext;
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    ctx = await browser.newContext(PHONE);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('opening the link changes nothing; the button unsubscribes and says so; a damaged link says it is not valid', async () => {
    const reader = await apiSignUp(base, 'Mail reader');
    // The link the mail carries, signed with the server's secret (kept in its data folder).
    const { authSecret } = JSON.parse(readFileSync(path.join(inject('dataDir'), 'secrets.json'), 'utf8'));
    const link = unsubscribePageUrl(base, authSecret, reader.user.uid);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe from Vigil emails' }).waitFor();
    expect(await emailPrefs(reader.token)).toMatchObject({ email: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-unsubscribe.png`, fullPage: true });

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('status').filter({ hasText: 'will no longer receive notification emails' }).waitFor();
    expect(await emailPrefs(reader.token)).toMatchObject({ email: false, digest: false });
    expect(await page.getByRole('link', { name: 'Sign in to manage your preferences' }).getAttribute('href')).toBe(
      `/auth/login?redirect=${encodeURIComponent('/viewer/settings')}`,
    );

    await page.goto(link.replace(/t=[^&]+/, 't=damaged'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid' }).waitFor();
    await page.goto(`${base}/unsubscribe`);
    await page.getByRole('alert').filter({ hasText: 'This link is incomplete' }).waitFor();
    expect(watch.errors).toEqual([]);
  });
});
