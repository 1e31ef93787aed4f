import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { type OnvifDevice, startOnvifDevice } from '../apps/server/test/onvif-device.ts';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';
import { deleteCamera } from './fixtures/cameras.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };
const browser = useBrowser();

/**
 * Adding cameras to a site in bulk, in Chromium: a pasted CSV with a good and a bad line
 * reported line by line, then ONVIF discovery of a local test device (unicast target) and "Add".
 * One browser at phone width in the dark theme, then the desktop in light.
 */
describe("camera import panel (on a site's Manage page, composed by the shell)", () => {
  let db: pg.Client;
  let rtsp: RtspServer;
  let device: OnvifDevice;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let site: string;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    rtsp = await startRtspServer();
    device = await startOnvifDevice({ name: 'Gate camera', model: 'TC-200', streamUri: rtsp.url });
    owner = await apiSignUp(base, 'Ines Integrator');
    await db.query(
      `update subscriptions set plan_key = 'vms', status = 'active', source = 'complimentary', interval = null
       where workspace_id = $1`,
      [owner.workspace.id],
    );
    await db.query(
      `update users u set plan = p.key, plan_status = 'active', limits = p.limits,
         ai_access = (p.features->>'aiAccess')::boolean, vms_access = (p.features->>'vms')::boolean
       from plans p where p.key = 'vms' and u.workspace_id = $1`,
      [owner.workspace.id],
    );
    const s = await db.query<{ id: string }>(
      `insert into sites (workspace_id, name) values ($1, 'North depot') returning id`,
      [owner.workspace.id],
    );
    site = s.rows[0]!.id;
  });
  afterAll(async () => {
    const cams = await db?.query<{ id: string }>('select id from cameras where workspace_id = $1', [
      owner?.workspace.id,
    ]);
    for (const c of cams?.rows ?? []) await deleteCamera(base, owner, c.id);
    await Promise.all([device?.stop(), rtsp?.stop()]);
    await db?.end();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `camera-import-${name}.png`), fullPage: true });

  it('phone, dark: paste a CSV, then discover a device and add it', async () => {
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { theme: 'dark' } }),
    });
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, PHONE_390);
    try {
      await page.goto(`${base}/vms/sites/${site}/manage`);
      const panel = page
        .getByRole('region', { name: 'Add cameras in bulk' })
        .or(page.locator('section', { hasText: 'Add cameras in bulk' }));
      await panel.first().waitFor();

      // Paste: one good line, one with an unknown recording mode; the preview says so before sending.
      const csv = page.getByLabel('Cameras as CSV');
      await csv.fill(
        `name,url,username,password,recording mode\nYard,${rtsp.url},,,off\nBad one,${rtsp.url},,,sometimes`,
      );
      await expect.poll(() => page.getByText('2 camera lines').count()).toBe(1);
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const results = page.getByTestId('import-results');
      await expect.poll(() => results.getByText('Finished.').count(), { timeout: 60_000 }).toBe(1);
      expect(await results.getByText('✓ Added').count()).toBe(1);
      expect(await results.getByText('Unknown recording mode “sometimes”').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shot(page, 'csv-phone-dark');

      // Discover: the test device by unicast, its two streams, Add.
      await page.getByRole('tab', { name: 'Discover on the network' }).click();
      await page.getByLabel('Also probe these addresses (optional)').fill(device.probeTarget);
      await page.getByRole('button', { name: 'Scan the network' }).click();
      const found = page.getByTestId('discovered-devices');
      await expect.poll(() => found.getByText('1 device found.').count(), { timeout: 20_000 }).toBe(1);
      expect(await found.getByText('Gate camera', { exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const axe = await seriousAxeViolations(page);
      expect(axe, JSON.stringify(axe)).toEqual([]);
      await shot(page, 'discover-phone-dark');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect
        .poll(() => page.getByTestId('import-results').getByText('✓ Added').count(), { timeout: 60_000 })
        .toBe(1);
      const cams = await db.query('select name, site_id from cameras where workspace_id = $1 order by name', [
        owner.workspace.id,
      ]);
      expect(cams.rows).toEqual([
        { name: 'Gate camera', site_id: site },
        { name: 'Yard', site_id: site },
      ]);
      // The Manage page around the panel shows the new cameras without a reload.
      await expect.poll(() => page.getByText('In this site (2)').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 180_000);

  it('desktop, light: the example fills the CSV', async () => {
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { theme: 'light' } }),
    });
    const desk = await browser.newContext(DESKTOP);
    try {
      const page = await desk.newPage();
      await page.goto(`${base}/auth/login`);
      await signInUi(page, owner.user.email, owner.password);
      await page.waitForURL(DASHBOARD_URL);
      await page.goto(`${base}/vms/sites/${site}/manage`);
      await page.getByRole('button', { name: 'Use the example' }).click();
      await expect.poll(() => page.getByText('3 camera lines').count()).toBe(1);
      await page.getByRole('tab', { name: 'Paste CSV' }).focus();
      await shot(page, 'csv-desktop-light');
    } finally {
      await desk.close();
    }
  }, 120_000);
});
