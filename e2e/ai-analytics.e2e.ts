import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_390, useAiPagesWorld } from './fixtures/ai-world.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, useBrowser } from './fixtures/browser.ts';

/**
 * The AI pages in Chromium (the workspace: e2e/fixtures/ai-world.ts): a workspace without the plan
 * sees the plan notice on every AI page; /ai/analytics draws its charts, tables and CSV from the
 * `ai.detection` events of the last days.
 */
const browser = useBrowser();

describe('AI pages: access and analytics', () => {
  const w = useAiPagesWorld(browser);
  const { base, signedIn, shot, overflow, setTheme } = w;

  it('without AI access, each AI page says who can use it and the navigation does not offer them', async () => {
    const { ctx, page, watch } = await signedIn(w.plain);
    try {
      for (const [p, title] of [
        ['/ai/analytics', 'AI analytics'],
        ['/ai/settings', 'AI settings'],
        ['/ai/detection', 'AI detection'],
      ] as const) {
        await page.goto(`${base}${p}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByTestId('page-refusal').waitFor();
        expect(await page.getByTestId('page-refusal').textContent(), title).toMatch(
          /in a workspace whose plan includes AI detection|workspaces whose plan includes AI detection/,
        );
      }
      const links = await page.getByRole('navigation', { name: 'Application' }).getByRole('link').allTextContents();
      expect(links.join('|')).not.toMatch(/AI/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  const CHARTS = ['ai-per-day-chart', 'ai-per-label-chart', 'ai-per-camera-chart', 'heatmap-chart'];
  const allDrawn = (page: Page) =>
    expect.poll(async () => (await Promise.all(CHARTS.map((c) => page.getByTestId(c).isVisible()))).every(Boolean));

  it('analytics: charts, tables and CSV from the detections, the quota; 390 px and dark', async () => {
    const { ctx, page, watch } = await signedIn(w.owner);
    try {
      // Offered in the navigation with the plan (Review).
      await page.goto(`${base}/viewer/settings`);
      await page.getByRole('navigation', { name: 'Application' }).getByRole('link', { name: 'AI analytics' }).click();
      await page.waitForURL(`${base}/ai/analytics`);
      await allDrawn(page).toBe(true);
      const perDay = page.getByTestId('ai-per-day');
      await expect.poll(() => perDay.textContent()).toMatch(/30 detections;.*days in Europe\/Paris/);
      await expect
        .poll(() => page.getByTestId('ai-per-label').textContent())
        .toMatch(/3 kinds of object; person most often, 20 times\./);
      await expect
        .poll(() => page.getByTestId('ai-per-camera').textContent())
        .toMatch(/2 cameras; Front door detected the most, 20\./);
      await expect.poll(() => page.getByTestId('ai-quota').textContent()).toMatch(/1,234 of 5,000/);
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

      await perDay.getByText('Show the figures').click();
      await expect.poll(() => perDay.getByRole('table').getByRole('row').count()).toBe(8);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        perDay.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^vigil-ai-labels-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
      expect(csv[0]).toBe('day (Europe/Paris),detections,person,car,dog');

      // One camera narrows every figure.
      await page.getByTestId('ai-analytics-filters').getByLabel('Camera').selectOption({ label: 'Driveway' });
      await expect.poll(() => perDay.textContent()).toMatch(/10 detections/);
      await page.getByTestId('ai-analytics-filters').getByLabel('Period').selectOption({ label: 'Last 30 days' });
      await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('30');
      await page.getByTestId('ai-analytics-filters').getByLabel('Camera').selectOption({ label: 'All cameras' });
      await expect.poll(() => perDay.textContent()).toMatch(/30 detections/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'analytics-desktop');

      await page.setViewportSize(PHONE_390);
      await allDrawn(page).toBe(true);
      await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'analytics-phone');
      await setTheme('dark', page);
      await allDrawn(page).toBe(true);
      await shot(page, 'analytics-phone-dark');
      await page.setViewportSize(DESKTOP);
      await allDrawn(page).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, 'analytics-desktop-dark');
      await setTheme('light', page);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
