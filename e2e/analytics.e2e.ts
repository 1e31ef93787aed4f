import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };

/**
 * Analytics in Chromium: an owner with two cameras, events over the last weeks, an
 * outage, footage and daily storage readings opens /manager/analytics; every chart draws with its
 * summary and table, a CSV downloads, and the page holds at 390 px and in the dark theme. The
 * cameras stay disabled: the figures are seeded, no ffmpeg competes for the CPU.
 */
const browser = useBrowser();

describe('analytics: the charts of a period', () => {
  let db: pg.Client;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  const cams: string[] = [];

  const api = (method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    owner = await apiSignUp(base, 'Ada Analyst');
    expect((await api('PUT', '/api/v1/schedules/time-zone', { timeZone: 'Europe/Paris' })).status).toBe(200);
    for (const name of ['Front gate', 'Loading dock']) {
      const id = await addCamera(base, owner, { name, recordingMode: 'off' });
      expect((await api('PATCH', `/api/v1/cameras/${id}`, { enabled: false })).status).toBe(200);
      cams.push(id);
    }
    const [gate, dock] = cams;
    await db.query(`update cameras set created_at = now() - interval '40 days' where id = any($1)`, [cams]);
    // 60 motion events over the last 25 days (40 at the gate, 20 at the dock) in working hours; one outage of the dock.
    await db.query(
      `insert into events (workspace_id, camera_id, kind, severity, start_at)
       select $1, case when g % 3 = 0 then $3::uuid else $2::uuid end, 'motion', 'info',
              date_trunc('day', now()) - (g % 25) * interval '1 day' + (8 + (g * 7) % 11) * interval '1 hour'
       from generate_series(1, 60) g`,
      [owner.workspace.id, gate, dock],
    );
    await db.query(
      `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at)
       values ($1, $2, 'camera.offline', 'alert', now() - interval '3 days', now() - interval '3 days' + interval '5 hours')`,
      [owner.workspace.id, dock],
    );
    const rec = await db.query<{ id: string }>(
      `insert into recordings (camera_id, workspace_id, kind, start_at, end_at, bytes)
       values ($1, $2, 'continuous', now() - interval '12 days', now() - interval '12 days' + interval '1 hour', 750000000)
       returning id`,
      [gate, owner.workspace.id],
    );
    await db.query(
      `insert into segments (camera_id, workspace_id, recording_id, start_at, end_at, bytes, path)
       values ($1, $2, $3, now() - interval '12 days', now() - interval '12 days' + interval '10 seconds', 750000000, $4)`,
      [gate, owner.workspace.id, rec.rows[0]!.id, `e2e-analytics/${gate}.mp4`],
    );
    await db.query(
      `insert into storage_daily (workspace_id, day, bytes)
       select $1, current_date - d, 2000000000::bigint + (20 - d) * 40000000::bigint from generate_series(0, 20) d`,
      [owner.workspace.id],
    );
  });
  afterAll(async () => {
    for (const id of cams) await deleteCamera(base, owner, id);
    await db?.end();
  });

  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `analytics-${name}.png`), fullPage: true });
  const CHARTS = [
    'events-per-day-chart',
    'events-per-camera-chart',
    'heatmap-chart',
    'uptime-chart',
    'storage-growth-chart',
    'footage-chart',
  ];
  const allDrawn = (page: Page) =>
    expect.poll(async () => (await Promise.all(CHARTS.map((c) => page.getByTestId(c).isVisible()))).every(Boolean));

  it('draws every figure with its summary, table and CSV; 390 px and dark', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    try {
      await page.goto(`${base}/manager/analytics`);
      await allDrawn(page).toBe(true);

      const perDay = page.getByTestId('analytics-per-day');
      await expect.poll(() => perDay.textContent()).toMatch(/61 in all \(days in Europe\/Paris\)/);
      await expect
        .poll(() => page.getByTestId('analytics-per-camera').textContent())
        .toMatch(/The busiest camera was Front gate, with 40; cameras counted: 2\./);
      await expect
        .poll(() => page.getByTestId('analytics-uptime').textContent())
        .toMatch(/outages: 1; offline for 5 h 0 min in all/);
      await expect
        .poll(() => page.getByTestId('analytics-footage').textContent())
        .toMatch(/750\sMB stored; the oldest footage goes back 12 days/);
      // The figures behind a chart, for everyone.
      await perDay.getByText('Show the figures').click();
      await expect.poll(() => perDay.getByRole('table').getByRole('row').count()).toBe(31);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        perDay.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^vigil-events-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(csv[0]).toBe('day (Europe/Paris),events');
      expect(csv.filter(Boolean)).toHaveLength(31);

      // One camera: the per-day figure follows the filter (the per-camera one still lists both).
      await page.getByTestId('analytics-filters').getByLabel('Camera').selectOption({ label: 'Front gate' });
      await expect.poll(() => perDay.textContent()).toMatch(/40 in all/);
      await expect.poll(() => new URL(page.url()).searchParams.get('cameraId')).toBe(cams[0]);
      await page.getByTestId('analytics-filters').getByLabel('Camera').selectOption({ label: 'All cameras' });
      await expect.poll(() => perDay.textContent()).toMatch(/61 in all/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'desktop');

      await page.setViewportSize(PHONE_390);
      await allDrawn(page).toBe(true);
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await expect.poll(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'phone');

      expect((await api('PATCH', '/api/v1/me', { preferences: { theme: 'dark' } })).status).toBe(200);
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await allDrawn(page).toBe(true);
      await shot(page, 'phone-dark');
      await page.setViewportSize(DESKTOP);
      await allDrawn(page).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'desktop-dark');
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
