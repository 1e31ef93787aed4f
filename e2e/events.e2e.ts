import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountWithRole, apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitForFootage } from './fixtures/cameras.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
type Account = Awaited<ReturnType<typeof apiSignUp>>;
type Ev = { id: string; kind: string; acknowledgedAt: string | null; note: string | null };

const api = async <T>(who: Account, method: string, url: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${who.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
};
const listEvents = (who: Account, q = '') => api<{ items: Ev[] }>(who, 'GET', `/api/v1/events?limit=200${q}`);

async function signIn(page: Page, who: Account) {
  await page.goto(`${base}/auth/login`);
  await signInUi(page, who.user.email, who.password);
  await page.waitForURL(DASHBOARD_URL);
}

/**
 * The real recorder on a test-pattern camera (always moving) makes the motion event; a few health
 * events are written into the e2e server's database to have unacknowledged ones of other kinds.
 */
describe('events page', () => {
  let owner: Account;
  let viewer: Account;
  let workspaceId: string;
  let cameraId: string | undefined;
  let db: pg.Client;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Eve Events');
    workspaceId = (await api<{ workspace: { id: string } }>(owner, 'GET', '/api/v1/me')).workspace.id;
    viewer = await accountWithRole(base, 'viewer');
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    // The viewer joins the owner's workspace by invitation: the link from the outbox, accepted.
    await api(owner, 'POST', '/api/v1/team/invitations', { email: viewer.user.email, role: 'viewer' });
    const mail = await db.query<{ text: string }>(
      `select text from mail_outbox where "to" = $1 and text like '%/invite?token=%' order by created_at desc limit 1`,
      [viewer.user.email],
    );
    const token = decodeURIComponent(/\/invite\?token=(\S+)/.exec(mail.rows[0]!.text)![1]!);
    await api(viewer, 'POST', '/api/v1/team/invitations/accept', { token });
  }, 60_000);
  afterAll(async () => {
    await deleteCamera(base, owner, cameraId);
    await db?.end();
  });

  it('desktop: a motion event appears live, filters by kind, plays its clip, takes a note and is acknowledged', async () => {
    const ctx = await browser.newContext(DESKTOP);
    try {
      const page = await ctx.newPage();
      const watch = watchForErrors(page);
      await signIn(page, owner);
      await page.goto(`${base}/viewer/events`);
      await page.getByTestId('events-empty').waitFor();

      // The camera starts after the page is open: its event must arrive without a reload.
      cameraId = await addCamera(base, owner, {
        name: 'Lobby',
        recordingMode: 'continuous',
        motion: { enabled: true },
      });
      const motion = page.locator('[data-testid="event-row"][data-kind="motion"]').first();
      await motion.waitFor({ timeout: 90_000 });
      expect(await motion.textContent()).toContain('Lobby');

      // Filter by kind: kept in the URL, so a reload shows the same view.
      await page.getByLabel('Kind').selectOption('camera.offline');
      await page.getByTestId('events-empty').waitFor();
      expect(new URL(page.url()).searchParams.get('kind')).toBe('camera.offline');
      await page.getByLabel('Kind').selectOption('motion');
      await motion.waitFor();
      await page.reload();
      await motion.waitFor();
      expect(await page.getByLabel('Kind').inputValue()).toBe('motion');

      // Footage of the event's start must be indexed before the clip can play.
      await waitForFootage(base, owner, cameraId, { minMs: 5_000, timeoutMs: 90_000 });
      // Keyboard: the title button opens the event with Enter.
      await motion.getByRole('button', { name: /^Motion/ }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('event-dialog');
      await dialog.getByRole('heading', { name: /Motion · Lobby/ }).waitFor();
      expect(new URL(page.url()).searchParams.get('id')).toBeTruthy();
      const video = dialog.getByTestId('event-video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 45_000 })
        .toBeGreaterThan(1);

      await dialog.getByLabel('Note').fill('Delivery driver at the door');
      await dialog.getByRole('button', { name: 'Save note' }).click();
      await page.getByText('Note saved.').waitFor();
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await dialog
        .getByTestId('event-dialog-ack')
        .getByText(/Acknowledged by you/)
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'events-dialog-desktop.png') });

      // A link with ?id= reopens the event, note included.
      await page.reload();
      await expect.poll(() => dialog.getByLabel('Note').inputValue()).toBe('Delivery driver at the door');
      // The event the dialog shows (a newer motion event may have started since and lead the list).
      const id = new URL(page.url()).searchParams.get('id');
      await page.keyboard.press('Escape');
      await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBeNull();
      const stored = (await listEvents(owner)).items.find((e) => e.id === id);
      expect(stored?.note).toBe('Delivery driver at the door');
      expect(stored?.acknowledgedAt).toBeTruthy();
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 240_000);

  it('desktop: acknowledge selected, then all matching after a confirmation stating the filter', async () => {
    const insert = async (kind: string, severity: string, minutesAgo: number, detail: unknown) =>
      db.query(
        `insert into events (workspace_id, camera_id, kind, severity, start_at, end_at, detail)
         values ($1, $2, $3, $4, now() - make_interval(mins => $5), now() - make_interval(mins => $5) + interval '20 seconds', $6)`,
        [workspaceId, kind === 'storage.pruned' ? null : cameraId, kind, severity, minutesAgo, JSON.stringify(detail)],
      );
    await insert('camera.offline', 'alert', 30, { error: 'Connection refused' });
    await insert('camera.online', 'info', 29, {});
    await insert('recording.gap', 'info', 28, { seconds: 12 });
    await insert('storage.pruned', 'info', 27, {
      reason: 'maxStorage',
      limit: 1e9,
      recordingsRemoved: 3,
      bytesRemoved: 24_500_000,
    });
    const ctx = await browser.newContext(DESKTOP);
    try {
      const page = await ctx.newPage();
      const watch = watchForErrors(page);
      await signIn(page, owner);
      await page.goto(`${base}/viewer/events?acknowledged=no`);
      const rows = page.getByTestId('event-row');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'events-list-desktop.png'), fullPage: true });

      // Select one with the keyboard (Enter toggles the checkbox) and acknowledge the selection.
      const gap = page.locator('[data-testid="event-row"][data-kind="recording.gap"]');
      await gap.getByRole('checkbox').focus();
      await page.keyboard.press('Enter');
      expect(await gap.getByRole('checkbox').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Acknowledge selected' }).click();
      await page.getByText('1 event acknowledged.').waitFor();
      await gap.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Acknowledge all matching' }).click();
      const confirm = page.getByRole('dialog');
      expect(await confirm.textContent()).toContain('Unacknowledged');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Acknowledge all matching' }).click();
      await page.getByTestId('events-empty').waitFor({ timeout: 20_000 });
      const left = (await listEvents(owner, '&acknowledged=false')).items.filter((e) => e.kind !== 'motion');
      expect(left).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('phone, dark, as a viewer: cards fit the width, the dialog is full width, no acknowledge controls', async () => {
    await api(viewer, 'PATCH', '/api/v1/me', { preferences: { theme: 'dark' } });
    const ctx = await browser.newContext(PHONE);
    try {
      const page = await ctx.newPage();
      const watch = watchForErrors(page);
      await signIn(page, viewer);
      await page.goto(`${base}/viewer/events`);
      const rows = page.getByTestId('event-row');
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
      expect(await page.getByRole('checkbox').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Acknowledge/ }).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'events-list-phone-dark.png'), fullPage: true });

      await page.locator('[data-testid="event-row"][data-kind="storage.pruned"]').getByRole('button').click();
      const dialog = page.getByTestId('event-dialog');
      await dialog.getByText(/3 recordings \(24\.5\sMB\) removed/).waitFor();
      expect(await dialog.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Save note' }).count()).toBe(0);
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(PHONE.width - 1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'events-dialog-phone-dark.png') });

      // The motion event: its clip and a link to the recordings page.
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="event-row"][data-kind="motion"]').first().getByRole('button').click();
      const link = dialog.getByRole('link', { name: 'Open in recordings' });
      expect(await link.getAttribute('href')).toMatch(
        /^\/viewer\/recordings\?camera=[0-9a-f-]+&day=\d{4}-\d\d-\d\d&zoom=1h&at=[^&]+$/,
      );
      await dialog.getByTestId('event-video').waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'events-motion-phone-dark.png') });
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
