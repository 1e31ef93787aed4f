import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { apiSignIn, apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const shot = (name: string) => path.join(SCREENSHOT_DIR, `security-${name}.png`);

/** The authenticator app: otpauth on the real clock, like the phone next to the person. */
const app = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) });
const step = () => Math.floor(Date.now() / 30_000);
/**
 * A code is spent once (the server remembers its step): the next one is the code of the following
 * step, which the server already takes (one step either side of now, for a phone whose clock runs a
 * little ahead) — rather than waiting up to 30 s for the real clock to reach it.
 */
function nextCode(secret: string, after: number): string {
  return app(secret).generate({ timestamp: Math.max(Date.now(), (after + 1) * 30_000) });
}

async function sql(query: string, params: unknown[]) {
  const client = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
  await client.connect();
  try {
    await client.query(query, params);
  } finally {
    await client.end();
  }
}

/**
 * The security dashboard in Chromium: enrol two-factor by reading the key from the page and
 * computing the code with otpauth, sign out, sign in with a code, then see the sessions (and sign
 * one out) and the sign-in history with its failure. A member of a workspace that requires
 * two-factor is sent to /security until they enrol.
 */
describe('security dashboard in the browser', () => {
  let page: Page;
  usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  /** Enrols on /security; returns the secret and the step of the code that confirmed it. */
  async function enrol(): Promise<{ secret: string; usedStep: number }> {
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await visible(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBe(true);
    const secret = (await page.getByTestId('totp-secret').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // What the person types is the grouped key: the same secret.
    expect((await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '')).toBe(secret);
    const usedStep = step();
    await page.getByLabel('6-digit code').fill(app(secret).generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await visible(page.getByRole('heading', { name: 'Your recovery codes' })).toBe(true);
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    return { secret, usedStep };
  }

  it('enrols with the QR key, signs in again with a code, signs a session out and shows the history', async () => {
    const owner = await apiSignUp(base, 'Tess Totp');
    // Another device, signed in before two-factor: "Sign out" ends it.
    const tablet = await apiSignIn(base, owner.user.email, owner.password);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, owner.user.email, owner.password);
    await page.waitForURL(DASHBOARD_URL);
    await page.goto(`${base}/security`);
    await visible(page.getByRole('heading', { name: 'Security dashboard', level: 1 })).toBe(true);
    // The navigation offers the page.
    await visible(page.getByRole('link', { name: 'Security dashboard' }).first()).toBe(true);

    const { secret, usedStep } = await enrol();
    await page.screenshot({ path: shot('recovery-codes-desktop'), fullPage: true });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await visible(page.getByText('10 recovery codes left.')).toBe(true);

    // Sign out, a wrong password (history), then the password and the code.
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await visible(page.getByRole('link', { name: 'Sign in' }).first()).toBe(true);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, owner.user.email, 'not-my-password');
    await visible(page.getByText('Login failed. Please check your credentials.')).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('heading', { name: 'Two-factor authentication' })).toBe(true);
    expect(page.url()).toContain('/auth/login');
    // A wrong code is refused with a clear message; the right one signs in.
    const code = nextCode(secret, usedStep);
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await visible(page.getByText('That code is not right. Check your authenticator app and try again.')).toBe(true);
    await page.setViewportSize(PHONE_390);
    await page.screenshot({ path: shot('login-code-phone'), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(DASHBOARD_URL);

    await page.goto(`${base}/security`);
    // This one, the tablet's, and the one sign-up opened.
    const sessions = page.getByTestId('session');
    await expect.poll(() => sessions.count()).toBe(3);
    await visible(sessions.filter({ hasText: 'This device' })).toBe(true);
    await visible(sessions.first().getByText(/Chrome \d+ on Linux/)).toBe(true);
    await visible(sessions.first().getByText('Computer')).toBe(true);
    const history = page.getByTestId('sign-in');
    await expect.poll(() => history.count()).toBeGreaterThanOrEqual(4);
    const rows = await history.allTextContents();
    expect(rows[0]).toMatch(/Signed in.*with password and app code.*127\.0\.0\.1.*Chrome/);
    expect(rows.some((r) => /Failed.*wrong two-factor code/.test(r))).toBe(true);
    expect(rows.some((r) => /Failed.*wrong password.*127\.0\.0\.1/.test(r))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('page-desktop'), fullPage: true });
    await page.setViewportSize(PHONE_390);
    await page.screenshot({ path: shot('page-phone'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize(DESKTOP);

    // "Sign out" on the tablet's row (signed in from this machine: 127.0.0.1) ends it at once.
    const tabletRow = sessions.filter({ hasNotText: 'This device' }).filter({ hasText: '127.0.0.1' });
    await tabletRow.getByRole('button', { name: /^Sign out/ }).click();
    await visible(page.getByText('That session is signed out.')).toBe(true);
    await expect.poll(() => sessions.count()).toBe(2);
    const res = await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${tablet.token}` } });
    expect(res.status).toBe(401);
    // "Sign out all other sessions" ends the sign-up's too; this one stays.
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out all other sessions' }).click();
    await visible(page.getByText('1 other session signed out.')).toBe(true);
    await expect.poll(() => sessions.count()).toBe(1);
    expect((await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(
      401,
    );

    // The owner may now require two-factor of every member.
    await page.getByRole('switch', { name: 'Require two-factor for every member' }).click();
    await visible(page.getByText('Two-factor authentication is now required of every member.')).toBe(true);
    await page.getByRole('switch', { name: 'Require two-factor for every member' }).click();
    await visible(page.getByText('Two-factor authentication is no longer required.')).toBe(true);
  });

  it('a member of a workspace that requires two-factor is sent to /security, and lets in once enrolled', async () => {
    const owner = await apiSignUp(base, 'Rita Required');
    const member = await apiSignUp(base, 'Milo Member');
    // What an accepted invitation makes: a membership, and the member's next session opens there.
    await sql(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'operator')`, [
      owner.workspace.id,
      member.user.uid,
    ]);
    await sql('update users set last_workspace_id = $1 where id = $2', [owner.workspace.id, member.user.uid]);
    await sql('update workspaces set require_two_factor = true where id = $1', [owner.workspace.id]);
    // This member works in the dark theme (a preference, read from /me).
    const dark = await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { theme: 'dark' } }),
    });
    expect(dark.status).toBe(200);

    await page.goto(`${base}/auth/login`);
    // Signing in leads straight to /security.
    await signInUi(page, member.user.email, member.password);
    await page.waitForURL(`${base}/security`);
    await visible(page.getByTestId('two-factor-required')).toBe(true);
    await page.goto(`${base}/operator/dashboard`);
    await page.waitForURL(`${base}/security`);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.setViewportSize(PHONE_390);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await visible(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('required-phone-dark'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(DESKTOP);

    await enrol();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await visible(page.getByTestId('two-factor-required')).toBe(false);
    await page.goto(`${base}/operator/dashboard`);
    await page.waitForURL(`${base}/operator/dashboard`);
  });
});
