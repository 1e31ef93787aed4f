import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, databaseUrlOf, uniqueEmail } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, type SignedInPage, signedInPage, useBrowser } from './fixtures/browser.ts';

/**
 * A new owner's first minutes: where sign-up lands, the Cameras page before the plan's limit is
 * reached, the SMS switch without a provider, and the recordings zoom of today. Cameras are rows made
 * in the database, switched off, so no recorder starts for them (this file runs beside others).
 */
const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const shot = (name: string) => `${SCREENSHOT_DIR}/first-day-${name}.png`;

const db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
beforeAll(() => db.connect());
afterAll(() => db.end());

const setMaxCameras = (uid: string, n: number) =>
  db.query(`update users set limits = jsonb_set(limits, '{maxCameras}', to_jsonb($2::int)) where id = $1`, [uid, n]);
const insertOffCamera = async (workspaceId: string, name: string) =>
  (
    await db.query<{ id: string }>(
      `insert into cameras (workspace_id, name, source_type, enabled, status) values ($1, $2, 'test-pattern', false, 'disabled') returning id`,
      [workspaceId, name],
    )
  ).rows[0]!.id;

describe('the first day', () => {
  const opened: SignedInPage[] = [];
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      expect(o.watch.errors).toEqual([]);
      await o.ctx.close();
    }
  });
  const open = async (who: { user: { email: string }; password: string }, viewport = DESKTOP) => {
    const o = await signedInPage(browser, base, who.user.email, who.password, viewport);
    opened.push(o);
    return o.page;
  };

  it('sign-up lands on the dashboard of the owner’s role, not the marketing page', async () => {
    const ctx = await browser.newContext(DESKTOP);
    try {
      const page = await ctx.newPage();
      const email = uniqueEmail('first-day');
      await page.goto(`${base}/auth/register`);
      await page.getByLabel('Display name').fill('Fran First');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('good-password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(`${base}/manager/dashboard`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await page.screenshot({ path: shot('landing-1280') });
      // At phone width, signing in again lands on the same dashboard.
      const phone = await open({ user: { email }, password: 'good-password' }, PHONE_390);
      expect(new URL(phone.url()).pathname).toBe('/manager/dashboard');
      await phone.screenshot({ path: shot('landing-390') });
    } finally {
      await ctx.close();
    }
  });

  it('the Cameras page counts against the plan before the limit; at it, Add is off and says why', async () => {
    const owner = await apiSignUp(base, 'Limit Owner');
    await setMaxCameras(owner.user.uid, 2);
    await insertOffCamera(owner.workspace.id, 'Front door');
    const page = await open(owner);
    await page.goto(`${base}/viewer/cameras`);
    const add = page.getByRole('button', { name: 'Add camera' });
    await expect.poll(() => page.getByText('1 of 2 cameras').isVisible()).toBe(true);
    expect(await add.isDisabled()).toBe(false);
    expect(await page.getByTestId('camera-limit').count()).toBe(0);

    await insertOffCamera(owner.workspace.id, 'Back yard');
    await page.reload();
    await expect.poll(() => page.getByText('2 of 2 cameras').isVisible()).toBe(true);
    expect(await add.isDisabled()).toBe(true);
    const banner = page.getByTestId('camera-limit');
    expect(await banner.textContent()).toContain('Your plan allows 2 cameras, and all of them are in use.');
    // The owner chooses the plan: the banner links to the Upgrade page, and the button names the reason.
    expect(await banner.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/upgrade');
    expect(await add.getAttribute('aria-describedby')).toBe(await banner.getAttribute('id'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('cameras-limit-1280'), fullPage: true });

    const phone = await open(owner, PHONE_390);
    await phone.goto(`${base}/viewer/cameras`);
    await expect.poll(() => phone.getByTestId('camera-limit').isVisible()).toBe(true);
    await expect
      .poll(() => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await phone.screenshot({ path: shot('cameras-limit-390'), fullPage: true });

    // In French, the same words in French.
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ preferences: { language: 'fr' } }),
    });
    const fr = await open(owner, PHONE_390);
    await fr.goto(`${base}/viewer/cameras`);
    await expect.poll(() => fr.getByText('2 sur 2 caméras').isVisible()).toBe(true);
    expect(await fr.getByTestId('camera-limit').textContent()).toContain(
      'Votre offre permet 2 caméras, et toutes sont utilisées.',
    );
    await fr.screenshot({ path: shot('cameras-limit-390-fr'), fullPage: true });
  });

  it('the SMS switch is off, and cannot be turned on, until a provider account is entered', async () => {
    const owner = await apiSignUp(base, 'Sms Owner');
    for (const [viewport, size] of [
      [DESKTOP, '1280'],
      [PHONE_390, '390'],
    ] as const) {
      const page = await open(owner, viewport);
      await page.goto(`${base}/sms`);
      const send = page.getByRole('switch', { name: 'Send SMS' });
      await send.waitFor();
      expect(await send.getAttribute('aria-checked')).toBe('false');
      expect(await send.isDisabled()).toBe(true);
      await expect.poll(() => page.getByText('Enter the provider account above').isVisible()).toBe(true);
      if (size === '1280') {
        await page.getByLabel('Account SID').fill('AC0123456789abcdef0123456789abcdef');
        await page.getByLabel('Auth token').fill('0123456789abcdef0123456789abcdef');
        await page.getByLabel('From number').fill('+14155550100');
        expect(await send.isDisabled()).toBe(false);
        expect(await send.getAttribute('aria-checked')).toBe('false');
        await page.getByLabel('Account SID').fill('');
      }
      await page.screenshot({ path: shot(`sms-${size}`), fullPage: true });
    }
  });

  it('Schedules holds the default for new cameras’ motion alerts (on), and the owner turns it off', async () => {
    const owner = await apiSignUp(base, 'Schedules Owner');
    const page = await open(owner);
    await page.goto(`${base}/manager/schedules`);
    const alerts = page.getByRole('switch', { name: 'Motion alerts on new cameras' });
    await alerts.waitFor();
    expect(await alerts.getAttribute('aria-checked')).toBe('true');
    await alerts.click();
    await expect.poll(() => alerts.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => page.getByText('New cameras will start with motion alerts off.').isVisible()).toBe(true);
    const { rows } = await db.query('select new_camera_motion_alerts from workspaces where id = $1', [
      owner.workspace.id,
    ]);
    expect(rows[0].new_camera_motion_alerts).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: shot('schedules-1280'), fullPage: true });
    const phone = await open(owner, PHONE_390);
    await phone.goto(`${base}/manager/schedules`);
    await phone.getByRole('switch', { name: 'Motion alerts on new cameras' }).waitFor();
    await phone.screenshot({ path: shot('schedules-390'), fullPage: true });
  });

  it('the recordings 10 min and 1 h zooms of today open on now, not at noon', async () => {
    const owner = await apiSignUp(base, 'Zoom Owner');
    const cameraId = await insertOffCamera(owner.workspace.id, 'Gate');
    for (const [viewport, size] of [
      [DESKTOP, '1280'],
      [PHONE_390, '390'],
    ] as const) {
      const page = await open(owner, viewport);
      await page.goto(`${base}/viewer/recordings?camera=${cameraId}`);
      const zoom = page.getByRole('group', { name: 'Zoom' });
      for (const label of ['10 min', '1 h']) {
        await zoom.getByRole('button', { name: label }).click();
        await expect.poll(() => windowHoldsNow(page)).toBe(true);
      }
      await page.screenshot({ path: shot(`recordings-zoom-${size}`), fullPage: true });
    }
  });
});

/** Whether the zoomed window ("08:09 – 08:19") holds the current time of the page's zone. */
async function windowHoldsNow(page: Page): Promise<boolean> {
  const text = (await page.getByTestId('timeline-window').textContent()) ?? '';
  const [start, end] = text.match(/\d{2}:\d{2}/g) ?? [];
  const now = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()),
  );
  return start !== undefined && end !== undefined && start <= now && (now <= end || end === '00:00');
}
