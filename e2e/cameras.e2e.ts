import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { accountWithRole, apiSignUp, uniqueEmail } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { startMjpegCamera } from '../apps/server/test/mjpeg-camera.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { type RtspServer, freePort, startRtspServer } from './fixtures/rtsp-server.ts';
import { DASHBOARD_URL, clearSiteStorage, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();

describe('cameras page in the browser', () => {
  let ctx: BrowserContext;
  let page: Page;
  let watch: ReturnType<typeof watchForErrors>;
  let rtsp: RtspServer;

  const card = (name: string) => page.getByTestId('camera-card').filter({ hasText: name });
  const dialog = () => page.getByRole('dialog');
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    [ctx, rtsp] = await Promise.all([browser.newContext(), startRtspServer()]);
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), rtsp?.stop()]);
  });
  beforeEach(async () => {
    await ctx.clearCookies();
    page = await ctx.newPage();
    watch = watchForErrors(page);
    await clearSiteStorage(page, base);
    await page.goto(`${base}/`);
  });
  afterEach(async () => {
    await page.close();
    expect(watch.errors).toEqual([]);
  });

  async function signIn(email: string, password: string) {
    // Whoever the page was signed in as before is signed out, with the language they chose (kept
    // in the browser, and French after the MJPEG test).
    await page.context().clearCookies();
    await clearSiteStorage(page, base);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, email, password);
    await page.waitForURL(DASHBOARD_URL);
  }

  it('an owner adds a test pattern and an RTSP camera, tests both, edits, disables and deletes', async () => {
    await page.goto(`${base}/auth/register`);
    await page.getByLabel('Display name').fill('Camille Owner');
    await page.getByLabel('Email').fill(uniqueEmail('camille'));
    await page.getByLabel('Password', { exact: true }).fill('good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(DASHBOARD_URL);
    await page.goto(`${base}/viewer/cameras`);
    await visible(page.getByText('Add your first camera')).toBe(true);

    // A test pattern: Test connection answers its fixed format.
    await page.getByRole('button', { name: 'Add camera' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Lobby pattern');
    await dialog().getByLabel('Source type').selectOption('test-pattern');
    await dialog().getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => dialog().getByTestId('probe-result').textContent()).toContain('640×360');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(dialog()).toBe(false);
    await visible(card('Lobby pattern')).toBe(true);
    expect(await card('Lobby pattern').textContent()).toContain('Built-in test pattern');

    // A real RTSP camera on 127.0.0.1 (GStreamer), probed by the server's ffprobe.
    await page.getByRole('button', { name: 'Add camera' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Gate RTSP');
    await dialog().getByLabel('Stream URL', { exact: true }).fill(rtsp.url);
    await dialog().getByLabel('Username', { exact: true }).fill('viewer');
    await dialog().getByLabel('Password', { exact: true }).fill('not-needed-here');
    await dialog().getByLabel('Retention (days)').fill('7');
    await dialog().getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => dialog().getByTestId('probe-result').textContent(), { timeout: 15_000 })
      .toContain('H264 640×360');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(card('Gate RTSP')).toBe(true);
    const gate = (await card('Gate RTSP').textContent()) ?? '';
    expect(gate).toContain(rtsp.url);
    expect(gate).toContain('7 days');
    expect(await page.content()).not.toContain('not-needed-here');

    // Edit: rename; the saved password is kept (Test connection uses the stored one).
    await page.getByRole('button', { name: 'Edit Gate RTSP' }).click();
    await expect.poll(() => dialog().getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await dialog().getByLabel('Name', { exact: true }).fill('Gate camera');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(card('Gate camera')).toBe(true);
    await visible(card('Gate RTSP')).toBe(false);

    await page.getByRole('button', { name: 'Disable Gate camera' }).click();
    await expect.poll(() => card('Gate camera').locator('[data-status]').getAttribute('data-status')).toBe('disabled');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Edit Gate camera' }).click();
    await visible(dialog()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-phone-dialog.png` });
    await page.keyboard.press('Escape');
    await visible(dialog()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-phone.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Delete, with a confirmation.
    await page.getByRole('button', { name: 'Delete Lobby pattern' }).click();
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(card('Lobby pattern')).toBe(false);
    await visible(card('Gate camera')).toBe(true);
    // The count is said against the plan's limit ("1 of 10 cameras").
    await expect.poll(() => page.getByText(/^1 of \d+ cameras?$/).isVisible()).toBe(true);
  });

  it('an MJPEG camera with a password: Test connection measures its 8 fps, it records, and failures say why (EN, FR)', async () => {
    const mjpeg = await startMjpegCamera({ auth: { scheme: 'digest', username: 'admin', password: 'cam-pass-9' } });
    const owner = await apiSignUp(base, 'Mjpeg Person');
    const closed = await freePort();
    const made: string[] = [];
    const phoneCtx = await browser.newContext({ width: 390, height: 844 });
    try {
      // A camera whose port refuses: its card says so, with the catalogue sentence.
      made.push(
        await addCamera(base, owner, {
          name: 'Closed port',
          source: { type: 'mjpeg', url: `http://127.0.0.1:${closed}/video.mjpg` },
        }),
      );
      await signIn(owner.user.email, owner.password);
      await page.goto(`${base}/viewer/cameras`);
      await page.getByRole('button', { name: 'Add camera' }).click();
      await dialog().getByLabel('Name', { exact: true }).fill('Porch MJPEG');
      await dialog().getByLabel('Source type').selectOption('mjpeg');
      await dialog().getByLabel('Stream URL', { exact: true }).fill(mjpeg.url);
      await dialog().getByLabel('Username', { exact: true }).fill('admin');
      await dialog().getByLabel('Password', { exact: true }).fill('not-the-one');
      await dialog().getByRole('button', { name: 'Test connection' }).click();
      await expect
        .poll(() => dialog().getByTestId('probe-result').textContent(), { timeout: 15_000 })
        .toBe('Could not connect: The camera rejected the user name or password (401): check them.');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-mjpeg-401-desktop.png` });
      await dialog().getByLabel('Password', { exact: true }).fill('cam-pass-9');
      await dialog().getByRole('button', { name: 'Test connection' }).click();
      await expect
        .poll(() => dialog().getByTestId('probe-result').textContent(), { timeout: 15_000 })
        .toMatch(/^Connected: MJPEG 320×240 at (7\.[5-9]|8(\.[0-4])?) fps$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-mjpeg-credentials-desktop.png` });
      await dialog().getByRole('button', { name: 'Save' }).click();
      await visible(card('Porch MJPEG')).toBe(true);
      expect(await page.content()).not.toContain('cam-pass-9');
      // The recorder uses the same password: the camera goes online.
      await expect
        .poll(() => card('Porch MJPEG').locator('[data-status]').getAttribute('data-status'), { timeout: 20_000 })
        .toBe('online');
      await expect
        .poll(() => card('Closed port').textContent(), { timeout: 15_000 })
        .toContain(`Connection refused by 127.0.0.1:${closed}: nothing is listening on that port`);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-mjpeg-cards-desktop.png`, fullPage: true });

      // On a phone, the form keeps the user name; a blank password keeps the saved one.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Edit Porch MJPEG' }).click();
      await visible(dialog()).toBe(true);
      expect(await dialog().getByLabel('Username', { exact: true }).inputValue()).toBe('admin');
      expect(await dialog().getByLabel('Password', { exact: true }).inputValue()).toBe('');
      await dialog().getByRole('button', { name: 'Test connection' }).click();
      await expect
        .poll(() => dialog().getByTestId('probe-result').textContent(), { timeout: 15_000 })
        .toMatch(/^Connected: MJPEG 320×240/);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-mjpeg-credentials-phone.png` });
      await page.keyboard.press('Escape');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/cameras-mjpeg-cards-phone.png`, fullPage: true });

      // In French, the same failures in French.
      await fetch(`${base}/api/v1/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ preferences: { language: 'fr' } }),
      });
      const fr = await phoneCtx.newPage();
      await fr.goto(`${base}/auth/login`);
      await signInUi(fr, owner.user.email, owner.password);
      await fr.waitForURL(DASHBOARD_URL);
      await fr.goto(`${base}/viewer/cameras`);
      await expect.poll(() => fr.evaluate(() => document.documentElement.lang)).toBe('fr');
      await expect
        .poll(() => fr.getByTestId('camera-card').filter({ hasText: 'Closed port' }).textContent(), { timeout: 15_000 })
        .toContain(`Connexion refusée par 127.0.0.1:${closed} : rien n’écoute sur ce port`);
      await fr.getByRole('button', { name: 'Modifier Porch MJPEG' }).click();
      await fr.getByRole('dialog').getByLabel('Mot de passe', { exact: true }).fill('encore-faux');
      await fr.getByRole('dialog').getByRole('button', { name: 'Tester la connexion' }).click();
      await expect
        .poll(() => fr.getByRole('dialog').getByTestId('probe-result').textContent(), { timeout: 15_000 })
        .toContain('La caméra a refusé le nom d’utilisateur ou le mot de passe (401) : vérifiez-les.');
      await fr.screenshot({ path: `${SCREENSHOT_DIR}/cameras-mjpeg-401-phone-fr.png` });
      await fr.close();
    } finally {
      await phoneCtx.close();
      for (const id of made) await deleteCamera(base, owner, id);
      const listed = await fetch(`${base}/api/v1/cameras`, { headers: { authorization: `Bearer ${owner.token}` } });
      for (const c of ((await listed.json()) as { items: { id: string }[] }).items)
        await deleteCamera(base, owner, c.id);
      await mjpeg.close();
    }
  }, 90_000);

  it('a wrong path shows the 404 explanation from Test connection', async () => {
    const owner = await apiSignUp(base, 'Probe Person');
    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/viewer/cameras`);
    await page.getByRole('button', { name: 'Add camera' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Wrong path');
    await dialog().getByLabel('Stream URL', { exact: true }).fill(rtsp.url.replace('/test', '/nope'));
    await dialog().getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => dialog().getByTestId('probe-result').textContent(), { timeout: 15_000 })
      .toContain('The camera has no stream at this path (404): check the path in the URL.');
  });

  it('at the plan limit, Add is off and says why with an Upgrade your plan link; the next add is refused in the plan’s words', async () => {
    const owner = await apiSignUp(base, 'Limit Person');
    const me = await (await fetch(`${base}/api/v1/me`, { headers: { authorization: `Bearer ${owner.token}` } })).json();
    const max: number = me.user.limits.maxCameras;
    // A full plan's worth of test patterns: each runs an ffmpeg until it is deleted (at the end).
    const made: string[] = [];
    try {
      for (let i = 0; i < max; i++) made.push(await addCamera(base, owner, { name: `Cam ${i}`, recordingMode: 'off' }));
      await signIn(owner.user.email, owner.password);
      await page.goto(`${base}/viewer/cameras`);
      await visible(page.getByText(`${max} of ${max} cameras`)).toBe(true);
      expect(await page.getByRole('button', { name: 'Add camera' }).isDisabled()).toBe(true);
      const banner = page.getByTestId('camera-limit');
      await visible(banner).toBe(true);
      expect(await banner.textContent()).toContain(`Your plan allows ${max} cameras, and all of them are in use.`);
      expect(await banner.textContent()).not.toContain('Quota exceeded');
      // With plans shipped the banner sends the owner to the plans that lift the limit.
      expect(await banner.getByRole('link').getAttribute('href')).toBe('/upgrade');
      // The one more, through the API: not a quota to retry (429) but the plan's limit and the plan that lifts it.
      const res = await fetch(`${base}/api/v1/cameras`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify({ name: 'One too many', source: { type: 'test-pattern' }, recordingMode: 'off' }),
      });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('failed-precondition');
      expect(error.message).toMatch(
        new RegExp(`^Your plan allows ${max} cameras\\. Choose the .+ plan on the Upgrade page to lift it\\.$`),
      );
    } finally {
      for (const id of made) await deleteCamera(base, owner, id);
    }
  });

  it('a viewer sees the list read-only: no add, edit or delete controls', async () => {
    const viewer = await accountWithRole(base, 'viewer');
    await signIn(viewer.user.email, viewer.password);
    await page.goto(`${base}/viewer/cameras`);
    await visible(page.getByText('You can watch these cameras')).toBe(true);
    expect(await page.getByRole('button', { name: 'Add camera' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete|Disable)/ }).count()).toBe(0);
  });
});
