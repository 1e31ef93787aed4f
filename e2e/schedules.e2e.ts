import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { accountWithRole, apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { PHONE, SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();

interface ScheduleList {
  items: { id: string; name: string; ranges: { day: number; start: string; end: string }[]; holidays: unknown[] }[];
  timeZone: string;
}

async function listSchedules(token: string): Promise<ScheduleList> {
  const res = await fetch(`${base}/api/v1/schedules`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as ScheduleList;
}

describe('schedules page in the browser', () => {
  let page: Page;
  const perTest = usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });
  const { signIn } = perTest;

  const card = (name: string) => page.getByTestId('schedule-card').filter({ hasText: name });
  const dialog = () => page.getByRole('dialog');
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  /** Toasts sit over the content; screenshots show the page. */
  async function dismissToasts() {
    const close = page.getByRole('button', { name: 'Dismiss notification' });
    while ((await close.count()) > 0) await close.first().click();
  }

  it('an owner creates schedules from presets, edits a range, sees an overlap, adds a holiday, sets the zone, deletes', async () => {
    const owner = await apiSignUp(base, 'Sam Schedules');
    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/manager/schedules`);
    await visible(page.getByText('No schedules yet', { exact: false })).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Weekdays 08:00–18:00 from the preset.
    await page.getByRole('button', { name: 'New schedule' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Office hours');
    await dialog().getByRole('button', { name: 'Weekdays 08:00–18:00' }).click();
    expect(await dialog().getByTestId('range-row').count()).toBe(5);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(dialog()).toBe(false);
    await visible(card('Office hours')).toBe(true);
    expect(await card('Office hours').getByTestId('armed-span').count()).toBe(5);
    expect(await card('Office hours').textContent()).toContain('Armed 50 h a week');
    expect(await card('Office hours').getByTestId('camera-count').textContent()).toBe('No cameras');

    // Nights cross midnight: two ranges per day, 14 in all.
    await page.getByRole('button', { name: 'New schedule' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Night watch');
    await dialog().getByRole('button', { name: 'Nights 18:00–08:00' }).click();
    expect(await dialog().getByTestId('range-row').count()).toBe(14);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(card('Night watch')).toBe(true);
    expect(await card('Night watch').getByTestId('armed-span').count()).toBe(14);
    expect(await card('Night watch').textContent()).toContain('Armed 98 h a week');

    // Edit: Monday (the first row, days come back in order) now ends at 20:00.
    await page.getByRole('button', { name: 'Edit Office hours' }).click();
    const monday = dialog().getByTestId('range-row').first();
    expect(await monday.getByLabel('Day').inputValue()).toBe('1');
    await monday.getByLabel('End').fill('20:00');

    // A sixth range moved onto Monday overlaps it: shown beside that row, nothing sent.
    await dialog().getByRole('button', { name: 'Add range' }).click();
    const added = dialog().getByTestId('range-row').nth(5);
    await added.getByLabel('Day').selectOption('1');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(added.getByTestId('range-error')).toBe(true);
    expect(await added.getByTestId('range-error').textContent()).toBe(
      'This range overlaps another range of the same day.',
    );
    expect(await added.getByLabel('Start').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog().getByTestId('range-error').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedules-dialog-error-desktop.png') });
    await dialog().getByRole('button', { name: 'Remove range 6' }).click();
    expect(await dialog().getByTestId('range-error').count()).toBe(0);

    // A disarmed holiday with a name.
    await dialog().getByRole('button', { name: 'Add holiday' }).click();
    const holiday = dialog().getByTestId('holiday-row').first();
    await holiday.getByLabel('From').fill('2026-12-24');
    await holiday.getByLabel('To').fill('2026-12-26');
    await holiday.getByLabel('Name (optional)').fill('Christmas');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(dialog()).toBe(false);
    await expect.poll(async () => (await card('Office hours').textContent()) ?? '').toContain('Christmas');
    expect(await card('Office hours').getByTestId('holiday-list').textContent()).toContain(
      'Dec 24, 2026 – Dec 26, 2026',
    );
    expect(await card('Office hours').textContent()).toContain('Armed 52 h a week');
    const saved = (await listSchedules(owner.token)).items.find((s) => s.name === 'Office hours');
    expect(saved?.ranges[0]).toEqual({ day: 1, start: '08:00', end: '20:00' });
    expect(saved?.holidays).toEqual([{ from: '2026-12-24', to: '2026-12-26', armed: false, name: 'Christmas' }]);

    // The workspace's time zone.
    await page.getByLabel('Workspace time zone').selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await expect.poll(async () => (await listSchedules(owner.token)).timeZone).toBe('Asia/Tokyo');
    await expect.poll(() => page.getByLabel('Workspace time zone').inputValue()).toBe('Asia/Tokyo');

    expect(await seriousAxeViolations(page)).toEqual([]);
    await dismissToasts();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedules-desktop.png'), fullPage: true });
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedules-desktop-dark.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.classList.remove('dark'));

    // Phone width: nothing wider than the screen, the dialog included.
    await page.setViewportSize(PHONE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedules-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Edit Office hours' }).click();
    await visible(dialog()).toBe(true);
    const dialogOverflow = await dialog().evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedules-phone-dialog.png') });
    await page.keyboard.press('Escape');
    await visible(dialog()).toBe(false);

    // Delete, with a confirmation.
    await page.getByRole('button', { name: 'Delete Night watch' }).click();
    expect(await dialog().textContent()).toContain('No camera follows it.');
    await dialog().getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(card('Night watch')).toBe(false);
    await visible(card('Office hours')).toBe(true);
    expect((await listSchedules(owner.token)).items.map((s) => s.name)).toEqual(['Office hours']);
  });

  it('the editor is keyboard reachable: Tab reaches a preset and Enter applies it', async () => {
    const owner = await apiSignUp(base, 'Kim Keys');
    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/manager/schedules`);
    await page.getByRole('button', { name: 'New schedule' }).focus();
    await page.keyboard.press('Enter');
    await visible(dialog()).toBe(true);
    await page.keyboard.type('Always');
    // Name → first preset.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Every day, all day');
    await page.keyboard.press('Enter');
    expect(await dialog().getByTestId('range-row').count()).toBe(7);
    expect(await dialog().getByTestId('range-row').first().getByLabel('Until midnight (24:00)').isChecked()).toBe(true);
    await dialog().getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await visible(card('Always')).toBe(true);
    expect(await card('Always').textContent()).toContain('Armed 168 h a week');
  });

  it('a viewer reads schedules through the API but the manager page turns them away', async () => {
    const viewer = await accountWithRole(base, 'viewer');
    expect((await listSchedules(viewer.token)).items).toEqual([]);
    const res = await fetch(`${base}/api/v1/schedules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
      body: JSON.stringify({ name: 'Nope', ranges: [] }),
    });
    expect(res.status).toBe(403);
    await signIn(viewer.user.email, viewer.password);
    await page.goto(`${base}/manager/schedules`);
    await page.waitForURL(`${base}/unauthorized`);
    expect(await page.getByRole('button', { name: 'New schedule' }).count()).toBe(0);
  });

  // Last: the French profile's language stays in this browser's storage.
  it('in French the week starts on Monday and dates read the French way', async () => {
    const owner = await apiSignUp(base, 'Fanny Francais');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` };
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ preferences: { language: 'fr' } }),
    });
    const created = await fetch(`${base}/api/v1/schedules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Boutique',
        ranges: [
          { day: 1, start: '09:00', end: '12:30' },
          { day: 1, start: '14:00', end: '19:00' },
          { day: 6, start: '10:00', end: '24:00' },
        ],
        holidays: [{ from: '2026-12-25', to: '2026-12-25', armed: true, name: 'Noël' }],
      }),
    });
    expect(created.status).toBe(201);
    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/manager/schedules`);
    await visible(card('Boutique')).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const days = await card('Boutique')
      .getByTestId('week-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-day')));
    expect(days).toEqual(['1', '2', '3', '4', '5', '6', '0']);
    const text = (await card('Boutique').textContent()) ?? '';
    expect(text).toContain('25 déc. 2026');
    expect(text).toContain('Armé toute la journée');
    expect(text).toContain('Armé 22,5 h par semaine');
    expect(text).toContain('lundi : de 09:00 à 12:30, de 14:00 à 19:00');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'schedules-phone-fr.png'), fullPage: true });
  });
});
