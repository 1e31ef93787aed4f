import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
type Account = Awaited<ReturnType<typeof apiSignUp>>;

async function signIn(page: Page, who: Account) {
  await page.goto(`${base}/auth/login`);
  await signInUi(page, who.user.email, who.password);
  await page.waitForURL(DASHBOARD_URL);
}

/**
 * A viewer cannot export when the owner says viewers may not (and can by default).
 * The owner flips the switch on the settings page; a viewer member's exports page says why there
 * is no form, and gets it back, live, when the owner allows it again.
 */
describe('viewers may export, as the owner decides', () => {
  let owner: Account;
  let viewer: Account;
  let cameraId: string | undefined;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Olive Owner');
    viewer = await apiSignUp(base, 'Victor Viewer');
    cameraId = await addCamera(base, owner, { name: 'Gate', recordingMode: 'off' });
    // The viewer joins the owner's workspace as the team API makes members: a membership row, and
    // that workspace is where their next session opens.
    const db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    try {
      await db.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'viewer')`, [
        owner.workspace.id,
        viewer.user.uid,
      ]);
      await db.query('update users set last_workspace_id = $1 where id = $2', [owner.workspace.id, viewer.user.uid]);
      await db.query('update sessions set workspace_id = $1 where user_id = $2', [owner.workspace.id, viewer.user.uid]);
    } finally {
      await db.end();
    }
  }, 60_000);
  afterAll(() => deleteCamera(base, owner, cameraId));

  it('the owner turns viewers’ exports off; the viewer is told why, then gets the form back live', async () => {
    const ownerCtx = await browser.newContext(DESKTOP);
    const viewerCtx = await browser.newContext(PHONE);
    try {
      const viewerPage = await viewerCtx.newPage();
      const viewerErrors = watchForErrors(viewerPage);
      await signIn(viewerPage, viewer);
      await viewerPage.goto(`${base}/viewer/exports`);
      // By default a viewer exports.
      await viewerPage.getByRole('button', { name: 'Export', exact: true }).waitFor();

      const page = await ownerCtx.newPage();
      const ownerErrors = watchForErrors(page);
      await signIn(page, owner);
      await page.goto(`${base}/viewer/settings`);
      const toggle = page.getByRole('switch', { name: 'Viewers may export footage' });
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await page.getByText('Workspace settings saved.').waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewers-export-settings-desktop.png') });

      // The viewer's open page hears the change (their session is re-read) and explains.
      await viewerPage.getByText('Your workspace does not let viewers export footage.').waitFor();
      expect(await viewerPage.getByRole('button', { name: 'Export', exact: true }).count()).toBe(0);
      await viewerPage.screenshot({ path: path.join(SCREENSHOT_DIR, 'viewers-export-refused-phone.png') });
      // The server refuses as well, with the same reason.
      const res = await fetch(`${base}/api/v1/exports`, {
        method: 'POST',
        headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cameraId, from: '2026-03-10T09:00:00Z', to: '2026-03-10T09:01:00Z' }),
      });
      expect(res.status).toBe(403);

      await toggle.click();
      await page.getByText('Workspace settings saved.').first().waitFor();
      await viewerPage.getByRole('button', { name: 'Export', exact: true }).waitFor();
      expect(viewerErrors.errors).toEqual([]);
      expect(ownerErrors.errors).toEqual([]);
    } finally {
      await ownerCtx.close();
      await viewerCtx.close();
    }
  });
});
