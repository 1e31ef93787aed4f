import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { reportPeriod } from '@vigil/shared';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';

const base = inject('baseUrl');
const PHONE_390 = { width: 390, height: 844 };

/**
 * Reports in Chromium: a manager asks for last week's events report as a PDF, sees
 * it finish (the server's work role renders it), downloads it and reads it with pdftotext;
 * schedules a weekly report; the page at phone width in the dark theme. The camera and its
 * events are written in the database (a disabled camera: no ffmpeg competes for the CPU).
 */
const browser = useBrowser();

describe('reports: make one, see it finish, download it', () => {
  let db: pg.Client;
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    owner = await apiSignUp(base, 'Rita Reports');
    const ws = owner.workspace.id;
    const zone = (await db.query<{ tz: string }>('select time_zone as tz from workspaces where id = $1', [ws])).rows[0]!
      .tz;
    const week = reportPeriod('last-week', new Date(), zone);
    const cam = await db.query<{ id: string }>(
      `insert into cameras (workspace_id, name, source_type, enabled, created_at)
       values ($1, 'Loading dock', 'test-pattern', false, $2) returning id`,
      [ws, new Date(week.from.getTime() - 30 * 86_400_000)],
    );
    const at = (h: number) => new Date(week.from.getTime() + h * 3_600_000);
    for (const h of [10, 11, 12])
      await db.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at) values ($1, $2, 'motion', 'alert', $3)`,
        [ws, cam.rows[0]!.id, at(h)],
      );
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await db?.end();
  });

  async function signedIn(viewport: typeof DESKTOP) {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, viewport);
    contexts.push(ctx);
    return { page, watch };
  }
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `reports-${name}.png`), fullPage: true });

  it('desktop: last week’s events as a PDF, rendered, downloaded, its figures read back; a weekly schedule', async () => {
    const { page, watch } = await signedIn(DESKTOP);
    await page.goto(`${base}/manager/reports`);
    await page.getByText('No report yet.').waitFor();
    await page.getByLabel('Report', { exact: true }).selectOption('events');
    await page.getByLabel('Period').selectOption('last-week');
    await page.getByRole('button', { name: 'Make the report' }).click();
    const item = page.getByTestId('report-item').first();
    await item.and(page.locator('[data-status="done"]')).waitFor({ timeout: 30_000 });
    expect(await item.textContent()).toContain('Events · PDF');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('link', { name: /Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vigil-events-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = path.join(SCREENSHOT_DIR, 'reports-download.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Events report');
    expect(text).toMatch(/Loading dock\s+3\s+3/);
    await shot(page, 'desktop');

    await page.getByRole('button', { name: 'Schedule a report' }).click();
    const form = page.getByRole('dialog', { name: 'Schedule a report' });
    await form.getByLabel('Every').selectOption('monthly');
    await form.getByLabel('Rita Reports').check();
    const axe = await seriousAxeViolations(page);
    expect(axe, JSON.stringify(axe)).toEqual([]);
    await shot(page, 'schedule-form');
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    const schedule = page.getByTestId('schedule-item');
    await schedule.waitFor();
    expect(await schedule.textContent()).toContain('To: Rita Reports');
    expect(watch.errors).toEqual([]);
  });

  it('phone, dark: the same page fits 390 px', async () => {
    const res = await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { theme: 'dark' } }),
    });
    expect(res.status).toBe(200);
    const { page, watch } = await signedIn(PHONE_390);
    await page.goto(`${base}/manager/reports`);
    await page.getByTestId('report-item').first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const axe = await seriousAxeViolations(page);
    expect(axe, JSON.stringify(axe)).toEqual([]);
    await shot(page, 'phone-dark');
    expect(watch.errors).toEqual([]);
  });
});
