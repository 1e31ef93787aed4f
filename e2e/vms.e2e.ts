import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { ADMIN, apiSignIn, apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { type TileServer, startTileServer } from './fixtures/tile-server.ts';
import { DASHBOARD_URL, clearSiteStorage, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };
type Account = Awaited<ReturnType<typeof apiSignUp>>;

async function api(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * The VMS area in Chromium: on a workspace the admin put on the vms plan, the owner
 * adds a site through the form (the server's range message shows beside the latitude), edits
 * it, moves a camera in and grants a member from Manage, sees the camera's live tile on the
 * details, and the dashboard with totals and a map drawn from a local tile server (MAP_TILE_URL
 * of the e2e server, global-setup). A workspace without the plan sees the server's refusal.
 */
const browser = useBrowser();

describe('VMS: sites, the dashboard and its map', () => {
  let ctx: BrowserContext;
  let page: Page;
  let watch: ReturnType<typeof watchForErrors>;
  let db: pg.Client;
  let tiles: TileServer;
  let owner: Account;
  let member: Account;
  let cameraId: string | undefined;

  const shot = (name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `vms-${name}.png`), fullPage: true });
  const noSeriousAxe = async () => {
    const axe = await seriousAxeViolations(page);
    expect(axe, JSON.stringify(axe)).toEqual([]);
  };
  const noOverflow = () =>
    expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
  const dismissToasts = async () => {
    const close = page.getByRole('button', { name: 'Dismiss notification' });
    while ((await close.count()) > 0) await close.first().click();
  };
  async function signIn(who: Account) {
    await ctx.clearCookies();
    page = await ctx.newPage();
    watch = watchForErrors(page);
    await clearSiteStorage(page, base);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, who.user.email, who.password);
    await page.waitForURL(DASHBOARD_URL);
  }

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    tiles = await startTileServer(inject('mapTilePort'));
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    owner = await apiSignUp(base, 'Vera Vms');
    member = await apiSignUp(base, 'Mia Member');
    // The admin puts the owner's workspace on the vms plan (Admin › Users does the same).
    const admin = await apiSignIn(base, ADMIN.email, ADMIN.password);
    const granted = await api('PATCH', `/api/v1/admin/users/${owner.user.uid}/plan`, admin.token, { plan: 'vms' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    // A member limited to no camera yet (as an invitation with a camera limit makes one): a site can be granted.
    await db.query(
      `insert into memberships (workspace_id, user_id, role, camera_ids) values ($1, $2, 'operator', '{}')`,
      [owner.workspace.id, member.user.uid],
    );
    cameraId = await addCamera(base, owner, { name: 'Dock pattern', recordingMode: 'off', motion: { enabled: true } });
    // A second, placed site: the map has two markers to fit.
    const paris = await api('POST', '/api/v1/sites', owner.token, {
      name: 'Paris HQ',
      latitude: 48.8566,
      longitude: 2.3522,
      tags: ['hq'],
    });
    expect(paris.status, JSON.stringify(paris.body)).toBe(201);
    ctx = await browser.newContext(DESKTOP);
  });
  afterEach(async () => {
    await page?.close();
    expect(watch.errors).toEqual([]);
  });
  afterAll(async () => {
    await ctx?.close();
    await deleteCamera(base, owner, cameraId);
    await tiles?.close();
    await db?.end();
  });

  it('adds, edits, manages and opens a site; the dashboard shows it on the map', async () => {
    await signIn(owner);
    await page.goto(`${base}/vms/sites`);
    // The navigation offers the area to a workspace on the plan.
    const nav = page.getByRole('navigation', { name: 'Application' });
    await nav.getByRole('link', { name: 'Sites', exact: true }).waitFor();
    await page.getByTestId('sites-empty').or(page.getByTestId('site-card')).first().waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Add site', exact: true }).click();
    await page.waitForURL(`${base}/vms/sites/add`);

    // The form: a latitude out of range comes back from the server, shown beside the field.
    const form = page.getByRole('form', { name: 'Add site' });
    await form.getByLabel('Name', { exact: true }).fill('Lyon depot');
    await form.getByLabel('Address').fill('12 quai Perrache, Lyon');
    await form.getByLabel('Latitude').fill('95');
    await form.getByLabel('Longitude').fill('4,8357');
    await form.getByLabel('Time zone').fill('Europe/Paris');
    await form.getByRole('button', { name: 'Add contact' }).click();
    await form.getByLabel('Contact 1 name').fill('Luc Gardien');
    await form.getByLabel('Contact 1 phone').fill('+33 4 72 00 00 00');
    await form.getByLabel('Contact 1 email').fill('luc@example.com');
    const tagBox = form.getByLabel('Tags', { exact: true });
    await tagBox.fill('North');
    await tagBox.press('Enter');
    await tagBox.fill('warehouse,');
    await form.getByRole('button', { name: 'Add site', exact: true }).click();
    await form.getByText('The latitude must be between -90 and 90.').waitFor();
    expect(await form.getByLabel('Latitude').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByRole('button', { name: /^Remove tag / }).allTextContents()).toHaveLength(2);
    await noSeriousAxe();
    await shot('form-error-desktop');
    await form.getByLabel('Latitude').fill('45.764');
    await form.getByRole('button', { name: 'Add site', exact: true }).click();
    await page.waitForURL(/\/vms\/sites\/[0-9a-f-]{36}$/);
    const siteUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'Lyon depot' }).waitFor();
    expect(await page.getByText('luc@example.com').count()).toBe(1);

    // Edit: the name changes, only what changed is sent.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit site' });
    await expect.poll(() => edit.getByLabel('Name', { exact: true }).inputValue()).toBe('Lyon depot');
    await edit.getByLabel('Name', { exact: true }).fill('Lyon north depot');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(siteUrl);
    await page.getByRole('heading', { level: 1, name: 'Lyon north depot' }).waitFor();
    await dismissToasts();

    // Manage: move the camera in, grant the member.
    await page.getByRole('link', { name: 'Manage', exact: true }).click();
    await page
      .getByTestId('picker-outside')
      .getByRole('checkbox', { name: /Dock pattern/ })
      .check();
    await page.getByRole('button', { name: 'Move 1 camera in' }).click();
    await page.getByTestId('picker-inside').getByText('Dock pattern').waitFor();
    const grant = page.getByTestId('site-access').getByRole('checkbox', { name: /Mia Member/ });
    await grant.check();
    await page.getByRole('button', { name: 'Save access' }).click();
    await page.getByText('Access to the site was saved.').waitFor();
    await noSeriousAxe();
    await shot('manage-desktop');
    await page.reload();
    await expect.poll(() => grant.isChecked()).toBe(true);

    // Details: the camera with its status and its live tile playing.
    await page.getByRole('link', { name: 'Back to the site' }).click();
    await page.getByTestId('site-cameras').getByText('Dock pattern').waitFor();
    await expect
      .poll(() => page.getByTestId('live-tile').getAttribute('data-state'), { timeout: 45_000 })
      .toBe('playing');
    await page.getByTestId('site-health').waitFor();
    // The site's analytics, composed onto its page by the shell: this site's camera and no other.
    const analytics = page.getByTestId('site-analytics');
    await analytics.getByRole('heading', { name: 'Events per camera' }).waitFor();
    await analytics.getByText(/busiest camera was Dock pattern/).waitFor();
    await noSeriousAxe();
    await shot('details-desktop');

    // The dashboard: both sites, the totals, the map from the local tile server.
    await nav.getByRole('link', { name: 'VMS dashboard' }).click();
    await page.waitForURL(`${base}/vms/dashboard`);
    await expect.poll(() => page.getByTestId('site-glance').count()).toBe(2);
    expect(await page.getByTestId('total-sites').textContent()).toBe('2');
    const map = page.getByTestId('site-map');
    await expect.poll(() => page.getByTestId('map-marker').count()).toBe(2);
    await expect
      .poll(() =>
        page
          .getByTestId('map-tile')
          .first()
          .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 256),
      )
      .toBe(true);
    const zoom = Number(await map.getAttribute('data-zoom'));
    expect(tiles.requests.some((r) => r.startsWith(`${zoom}/`))).toBe(true);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => map.getAttribute('data-zoom')).toBe(String(zoom + 1));
    await expect.poll(() => tiles.requests.some((r) => r.startsWith(`${zoom + 1}/`))).toBe(true);
    await page.getByRole('button', { name: 'Zoom to fit every site' }).click();
    await expect.poll(() => map.getAttribute('data-zoom')).toBe(String(zoom));
    await noSeriousAxe();
    await shot('dashboard-desktop');

    // Phone width, dark: the dashboard, the details and the form fit.
    expect((await api('PATCH', '/api/v1/me', owner.token, { preferences: { theme: 'dark' } })).status).toBe(200);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect.poll(() => page.getByTestId('map-marker').count()).toBe(2);
    await noSeriousAxe();
    await shot('dashboard-desktop-dark');
    await page.setViewportSize(PHONE_390);
    await expect.poll(() => page.getByTestId('map-marker').count()).toBe(2);
    await noOverflow();
    await shot('dashboard-phone-dark');
    // Keyboard: from the map, Tab reaches a marker and Enter opens its site.
    await map.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('map-marker');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/vms\/sites\/[0-9a-f-]{36}$/);
    await page.goto(siteUrl);
    await page.getByTestId('site-cameras').waitFor();
    await noOverflow();
    await noSeriousAxe();
    await shot('details-phone-dark');
    await page.goto(`${siteUrl}/edit`);
    await page.getByRole('form', { name: 'Edit site' }).waitFor();
    await noOverflow();
    await shot('form-phone-dark');

    // Live: a camera's change reaches the open dashboard without a reload (the `cameras` topic).
    await page.goto(`${base}/vms`);
    await expect.poll(() => page.getByTestId('total-online').textContent()).toBe('1 / 1');
    expect((await api('PATCH', `/api/v1/cameras/${cameraId}`, owner.token, { enabled: false })).status).toBe(200);
    await expect.poll(() => page.getByTestId('total-online').textContent(), { timeout: 15_000 }).toBe('0 / 1');
    await page.goto(`${siteUrl}/edit`);

    // Delete from the edit page: confirmed, back to the list; the camera stays, without a site.
    await page.getByRole('button', { name: 'Delete site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Lyon north depot?' });
    await dialog.getByRole('button', { name: 'Delete site' }).click();
    await page.waitForURL(`${base}/vms/sites`);
    await expect.poll(() => page.getByTestId('site-card').count()).toBe(1);
    await noOverflow();
    await shot('sites-phone-dark');
    const camera = await api('GET', `/api/v1/cameras/${cameraId}`, owner.token);
    expect(camera.body.siteId).toBeNull();
    await api('PATCH', '/api/v1/me', owner.token, { preferences: { theme: 'light' } });
  });

  it('a workspace without the plan is told who the page is for and the way to Upgrade, asks nothing, and has no VMS menu', async () => {
    const other = await apiSignUp(base, 'Nina Noplan');
    await signIn(other);
    const refused: string[] = [];
    const onResponse = (r: { status(): number; url(): string }) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    };
    page.on('response', onResponse);
    await page.goto(`${base}/vms`);
    const gate = page.getByTestId('page-refusal');
    await gate.waitFor();
    const nav = page.getByRole('navigation', { name: 'Application' });
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Sites', exact: true }).count()).toBe(0);
    expect(await gate.textContent()).toContain(
      'This page is for workspaces whose plan includes the multi-site VMS area.',
    );
    expect(await gate.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/upgrade');
    await page.goto(`${base}/vms/sites/add`);
    await page.getByTestId('page-refusal').waitFor();
    expect(await page.getByRole('form').count()).toBe(0);
    page.off('response', onResponse);
    // The page knew the plan lacks the area: it asked the server nothing it would refuse.
    expect(refused).toEqual([]);
    await noSeriousAxe();
    await shot('refused-desktop');
    await page.setViewportSize(PHONE_390);
    await noOverflow();
    await shot('refused-phone');
    await page.setViewportSize(DESKTOP);
  });
});
