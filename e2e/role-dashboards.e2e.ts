import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
type Person = Awaited<ReturnType<typeof apiSignUp>>;

/**
 * The operator's and viewer's dashboards in Chromium. The operator works the alert queue with the
 * keyboard alone (j, a, m, ?, Enter) and sees it follow the realtime stream: an alert raised elsewhere
 * arrives, one acknowledged elsewhere leaves, without a reload. Both dashboards then pass axe at
 * 1280 and 390 px, light and dark, English and French, with no sideways scroll on the phone. The
 * members join the owner's workspace in the database, as an accepted invitation makes them members.
 */
describe('role dashboards: the operator’s queue and the viewer’s wall', () => {
  let db: pg.Client;
  let owner: Person;
  let operator: Person;
  let viewer: Person;
  let cameraId: string | undefined;
  const contexts: BrowserContext[] = [];

  const api = (who: Person, method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  /** An alert as the recorder writes one, told to the open pages as the events module tells them. */
  const raiseAlert = async (minutesAgo: number) => {
    const r = await db.query<{ id: string }>(
      `insert into events (camera_id, workspace_id, kind, severity, start_at, end_at)
       values ($1, $2, 'motion', 'alert', now() - make_interval(mins => $3), now() - make_interval(mins => $3) + interval '20 seconds')
       returning id`,
      [cameraId, owner.workspace.id, minutesAgo],
    );
    const id = r.rows[0]!.id;
    await db.query(`select pg_notify('vigil_events', $1)`, [
      JSON.stringify({ topic: 'events', workspaceId: owner.workspace.id, id, cameraId }),
    ]);
    return id;
  };
  const join = async (who: Person, role: 'operator' | 'viewer') => {
    await db.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, $3)`, [
      owner.workspace.id,
      who.user.uid,
      role,
    ]);
    await db.query('update users set last_workspace_id = $1 where id = $2', [owner.workspace.id, who.user.uid]);
  };

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    owner = await apiSignUp(base, 'Olga Owner');
    operator = await apiSignUp(base, 'Omar Operator');
    viewer = await apiSignUp(base, 'Vic Viewer');
    // A test pattern, not recorded: the wall plays it live and no footage competes for the CPU.
    cameraId = await addCamera(base, owner, { name: 'Front door', recordingMode: 'off' });
    await join(operator, 'operator');
    await join(viewer, 'viewer');
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await deleteCamera(base, owner, cameraId);
    await db?.end();
  });

  async function signedIn(who: Person, viewport = DESKTOP) {
    const s = await signedInPage(browser, base, who.user.email, who.password, viewport);
    contexts.push(s.ctx);
    return s;
  }
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `role-dashboards-${name}.png`), fullPage: true });
  const noSeriousAxe = async (page: Page) => {
    const axe = await seriousAxeViolations(page);
    expect(axe, JSON.stringify(axe)).toEqual([]);
  };
  const queueItems = (page: Page) => page.getByTestId('queue-item');
  const announced = (page: Page) => page.getByTestId('queue-announcer').textContent();

  it('the operator works the queue with the keyboard; it follows the stream without a reload', async () => {
    const first = await raiseAlert(30);
    const second = await raiseAlert(20);
    await raiseAlert(10);
    const { page, watch } = await signedIn(operator);
    expect(page.url()).toMatch(/\/operator\/dashboard$/);
    await page.getByRole('heading', { name: 'Alerts to deal with' }).waitFor();
    await expect.poll(() => queueItems(page).count()).toBe(3);
    await page.getByText('3 open alerts, the longest waiting first.').waitFor();
    await page.getByTestId('live-wall').waitFor();

    // j selects the first (the longest waiting), then the second; the live region says which.
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect.poll(() => announced(page)).toMatch(/^Alert 1 of 3: Motion — Front door/);
    await page.keyboard.press('j');
    await expect.poll(() => announced(page)).toMatch(/^Alert 2 of 3: Motion — Front door/);
    expect(await queueItems(page).nth(1).getAttribute('aria-current')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('queue-item');

    // a acknowledges the selected one: it leaves the queue, and the server agrees.
    await page.keyboard.press('a');
    await expect.poll(() => queueItems(page).count()).toBe(2);
    await expect.poll(() => announced(page)).toMatch(/^Acknowledged: Motion — Front door/);
    const acked = (await api(operator, 'GET', `/api/v1/events/${second}`).then((r) => r.json())) as {
      acknowledgedAt: string | null;
    };
    expect(acked.acknowledgedAt).not.toBeNull();

    // m takes the selected one: "Assigned to you", and it is among my tasks.
    await page.keyboard.press('m');
    await page.getByTestId('queue-item').getByText('Assigned to you').waitFor();
    // The task is named as the queue names the alert, in the operator's words.
    await page
      .getByTestId('my-tasks')
      .getByText(/^Motion, /)
      .waitFor();

    // Letters typed in a field are letters: the shortcuts dialog's own text is not the queue's.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await page.keyboard.press('a');
    expect(await queueItems(page).count()).toBe(2);
    await noSeriousAxe(page);
    await shot(page, 'operator-shortcuts');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    // "Assign to…" hands the other alert to a teammate who can see its camera.
    await queueItems(page).first().getByRole('button', { name: 'Assign to…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign this alert to' });
    await dialog.getByLabel('Assign this alert to').selectOption({ label: 'Olga Owner' });
    await noSeriousAxe(page);
    await shot(page, 'operator-assign-to');
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => announced(page)).toMatch(/^Assigned to Olga Owner: Motion — Front door/);
    const owners = (await api(owner, 'GET', `/api/v1/tasks?eventId=${first}`).then((r) => r.json())) as {
      items: { assignee: { displayName: string } | null }[];
    };
    expect(owners.items.map((task) => task.assignee?.displayName)).toEqual(['Olga Owner']);

    // Raised elsewhere: it arrives; acknowledged elsewhere: it leaves. No reload.
    const fresh = await raiseAlert(0);
    await expect.poll(() => queueItems(page).count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => announced(page)).toBe('1 new alert in the queue');
    expect((await api(owner, 'POST', '/api/v1/events/acknowledge', { ids: [first] })).status).toBe(200);
    await expect.poll(() => queueItems(page).count(), { timeout: 10_000 }).toBe(2);

    // Enter on the selected alert opens its clip (the event's page, its dialog).
    await queueItems(page)
      .last()
      .click({ position: { x: 5, y: 5 } });
    await queueItems(page).last().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/viewer/events\\?id=${fresh}`));
    await page.getByTestId('event-dialog').waitFor();
    expect(watch.errors).toEqual([]);
  });

  const MATRIX = [
    { language: 'en', theme: 'light' },
    { language: 'en', theme: 'dark' },
    { language: 'fr', theme: 'light' },
    { language: 'fr', theme: 'dark' },
  ] as const;

  async function everyLook(who: Person, url: string, name: string, heading: { en: string; fr: string }) {
    const { page, watch } = await signedIn(who);
    for (const { language, theme } of MATRIX) {
      expect((await api(who, 'PATCH', '/api/v1/me', { preferences: { language, theme } })).status).toBe(200);
      for (const [size, viewport] of [
        ['1280', DESKTOP],
        ['390', PHONE_390],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`${base}${url}`);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
          .toBe(theme === 'dark');
        await page.getByRole('heading', { name: heading[language] }).waitFor();
        await page.getByTestId('live-wall').waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await noSeriousAxe(page);
        await shot(page, `${name}-${size}-${theme}-${language}`);
      }
    }
    expect(watch.errors).toEqual([]);
    return page;
  }

  it('the operator’s dashboard at 1280 and 390 px, light and dark, English and French, passes axe', async () => {
    const page = await everyLook(operator, '/operator/dashboard', 'operator', {
      en: 'Alerts to deal with',
      fr: 'Alertes à traiter',
    });
    // On the phone the queue is a list and the wall one column.
    const wall = page.getByTestId('live-wall');
    expect(await wall.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)).toBe(1);
  });

  it('the viewer’s dashboard: their cameras live and the latest events, in every look', async () => {
    await raiseAlert(5);
    const page = await everyLook(viewer, '/viewer/dashboard', 'viewer', {
      en: 'Latest events of your cameras',
      fr: 'Derniers événements de vos caméras',
    });
    expect(await page.getByTestId('latest-events').getByRole('link').count()).toBeGreaterThanOrEqual(1);
    // A viewer deals with nothing: no queue, no tasks asked for.
    expect(await page.getByTestId('alert-queue').count()).toBe(0);
  });
});
