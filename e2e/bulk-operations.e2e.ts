import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };

/**
 * Bulk operations in Chromium: an owner on the vms plan picks the cameras of one site
 * tag, leaves one out, switches them to recording on motion, and watches the operation reach every
 * camera (the work role runs the job) with each camera's result. The cameras stay disabled so no
 * ffmpeg competes for the CPU; the sites are rows (modules/sites owns their API).
 */
const browser = useBrowser();

describe('bulk operations: a recording-mode change over the cameras of a site tag', () => {
  let db: pg.Client;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  const cameras: string[] = [];
  let context: BrowserContext;

  const api = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${url}`).toBeLessThan(300);
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    owner = await apiSignUp(base, 'Bea Bulk');
    for (const name of ['Quay 1', 'Quay 2', 'Quay 3', 'Quay 4', 'Depot gate', 'Depot yard']) {
      const id = await addCamera(base, owner, { name, recordingMode: 'off' });
      await api('PATCH', `/api/v1/cameras/${id}`, { enabled: false });
      cameras.push(id);
    }
    // The vms plan, as the administrator's complimentary grant makes it (billing mirrors it on the owner).
    await db.query(
      `update subscriptions set plan_key = 'vms', status = 'active', source = 'complimentary', interval = null,
         period_start = now(), period_end = null where workspace_id = $1`,
      [owner.workspace.id],
    );
    await db.query(
      `update users u set plan = p.key, plan_status = 'active', limits = p.limits,
         ai_access = (p.features->>'aiAccess')::boolean, vms_access = (p.features->>'vms')::boolean
       from plans p where p.key = 'vms' and u.workspace_id = $1`,
      [owner.workspace.id],
    );
    const site = async (name: string, tags: string[], ids: string[]) => {
      const r = await db.query<{ id: string }>(
        'insert into sites (workspace_id, name, tags) values ($1, $2, $3) returning id',
        [owner.workspace.id, name, tags],
      );
      await db.query('update cameras set site_id = $1 where id = any($2)', [r.rows[0]!.id, ids]);
    };
    await site('Harbour', ['port'], cameras.slice(0, 4));
    await site('Depot', ['inland'], cameras.slice(4));
  });
  afterAll(async () => {
    await context?.close();
    for (const id of cameras) await deleteCamera(base, owner, id);
    await db?.end();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `bulk-operations-${name}.png`), fullPage: true });
  const modes = async () =>
    (
      await db.query<{ name: string; m: string }>(
        'select name, recording_mode as m from cameras where id = any($1) order by name',
        [cameras],
      )
    ).rows.map((r) => `${r.name}: ${r.m}`);

  it('filter → pick → change → progress and results, live; then on a phone in the dark', async () => {
    context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const watch = watchForErrors(page);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, owner.user.email, owner.password);
    await page.waitForURL(DASHBOARD_URL);
    await page.goto(`${base}/vms/bulk-operations`);
    const rows = page.getByTestId('bulk-camera');
    await expect.poll(() => rows.count()).toBe(6);

    // The cameras of the sites tagged "port", less one.
    await page.getByLabel('Site tag').selectOption('port');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole('checkbox', { name: 'Include Quay 4' }).uncheck();
    await page.getByLabel('Change', { exact: true }).selectOption('recording-mode');
    await page.getByLabel('New recording mode').selectOption('motion');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Apply to 3 cameras' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change 3 cameras?' });
    await dialog.getByText('Recording mode: On motion, on 3 cameras.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Change 3 cameras' }).click();

    // The work role applies it; the page follows on the realtime topic.
    const progress = page.getByTestId('bulk-progress');
    await progress.and(page.locator('[data-status="done"]')).waitFor({ timeout: 30_000 });
    await progress.getByText('Finished: 3 done, 0 failed').waitFor();
    const results = progress.getByTestId('bulk-result');
    expect(await results.count()).toBe(3);
    expect(await results.evaluateAll((rs) => rs.map((r) => `${r.textContent} ${r.getAttribute('data-ok')}`))).toEqual([
      'Quay 1Done true',
      'Quay 2Done true',
      'Quay 3Done true',
    ]);
    expect(await modes()).toEqual([
      'Depot gate: off',
      'Depot yard: off',
      'Quay 1: motion',
      'Quay 2: motion',
      'Quay 3: motion',
      'Quay 4: off',
    ]);
    // The matched list caught up, and the operation heads the recent ones.
    await expect.poll(() => rows.filter({ hasText: 'On motion' }).count()).toBe(3);
    await page.getByTestId('bulk-recent-item').first().getByText('done, 0 of 3 failed').waitFor();
    await shot(page, 'desktop');

    // A phone in the dark theme: nothing wider than the screen, still readable.
    await api('PATCH', '/api/v1/me', { preferences: { theme: 'dark' } });
    await page.setViewportSize(PHONE_390);
    await page.reload();
    await progress.and(page.locator('[data-status="done"]')).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'phone-dark');
    expect(watch.errors).toEqual([]);
  }, 120_000);
});
