import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };

/**
 * Tasks in Chromium: a manager turns an event into a task for an operator member; the
 * operator's queue (a phone) shows it without a reload, overdue; they start it and comment; the
 * manager's list follows live, and the assignment mail is in the outbox once. The operator joins
 * the manager's workspace in the database, as an accepted invitation will make them a member.
 */
describe('tasks: a manager assigns, an operator works the queue', () => {
  let db: pg.Client;
  let manager: Awaited<ReturnType<typeof apiSignUp>>;
  let operator: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string | undefined;
  let eventId: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    manager = await apiSignUp(base, 'Mona Manager');
    operator = await apiSignUp(base, 'Otto Operator');
    cameraId = await addCamera(base, manager, { name: 'Loading dock', recordingMode: 'off' });
    // No footage is needed: the camera stays off so no ffmpeg competes for the CPU.
    await fetch(`${base}/api/v1/cameras/${cameraId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    await db.query(`insert into memberships (workspace_id, user_id, role) values ($1, $2, 'operator')`, [
      manager.workspace.id,
      operator.user.uid,
    ]);
    await db.query('update users set last_workspace_id = $1 where id = $2', [manager.workspace.id, operator.user.uid]);
    const ev = await db.query<{ id: string }>(
      `insert into events (camera_id, workspace_id, kind, severity, start_at, end_at)
       values ($1, $2, 'motion', 'alert', now() - interval '10 minutes', now() - interval '9 minutes') returning id`,
      [cameraId, manager.workspace.id],
    );
    eventId = ev.rows[0]!.id;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await deleteCamera(base, manager, cameraId);
    await db?.end();
  });

  async function signedIn(who: { user: { email: string }; password: string }, viewport: typeof DESKTOP) {
    const { ctx, page, watch } = await signedInPage(browser, base, who.user.email, who.password, viewport);
    contexts.push(ctx);
    return { page, watch };
  }
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOT_DIR, `tasks-${name}.png`), fullPage: true });
  const dismissToasts = async (page: Page) => {
    const close = page.getByRole('button', { name: 'Dismiss notification' });
    while ((await close.count()) > 0) await close.first().click();
  };
  const noSeriousAxe = async (page: Page) => {
    const axe = await seriousAxeViolations(page);
    expect(axe, JSON.stringify(axe)).toEqual([]);
  };

  it('event → task → the operator’s queue, live both ways, told once by mail', async () => {
    const op = await signedIn(operator, PHONE_390);
    await op.page.goto(`${base}/operator/tasks`);
    await op.page.getByText('Nothing to do: no task is assigned to you.').waitFor();

    const mgr = await signedIn(manager, DESKTOP);
    // "Create task" on the event opens the tasks page prefilled with the event and its camera.
    await mgr.page.goto(`${base}/viewer/events?id=${eventId}`);
    await mgr.page.getByTestId('event-dialog').getByRole('link', { name: 'Create task' }).click();
    await mgr.page.waitForURL(/\/manager\/tasks\?eventId=/);
    const form = mgr.page.getByRole('dialog', { name: 'New task' });
    await form.getByText('This task is about an event').waitFor();
    await expect.poll(() => form.getByLabel('Camera').inputValue()).toBe(cameraId);
    await form.getByLabel('Title').fill('Check the dock shutter');
    await form.getByLabel('Description').fill('Motion after closing; make sure the shutter is down.');
    await form.getByLabel('Priority').selectOption('high');
    // A day and more ago in any zone the manager may have: overdue as soon as it exists.
    await form.getByLabel('Due').fill(new Date(Date.now() - 26 * 3600_000).toISOString().slice(0, 16));
    await expect
      .poll(() => form.getByLabel('Assignee').locator('option').allTextContents())
      .toContain('Otto Operator · operator');
    await form.getByLabel('Assignee').selectOption({ label: 'Otto Operator · operator' });
    await noSeriousAxe(mgr.page);
    await shot(mgr.page, 'form-desktop');
    await form.getByRole('button', { name: 'Create task' }).click();

    // The new task opens; the list behind it marks it overdue.
    const detail = mgr.page.getByTestId('task-dialog');
    await detail.getByRole('heading', { name: 'Check the dock shutter' }).waitFor();
    expect(await detail.textContent()).toContain('Loading dock');
    await detail.getByRole('button', { name: 'Close' }).click();
    const mgrRow = mgr.page.getByTestId('task-row').filter({ hasText: 'Check the dock shutter' });
    await mgrRow.getByTestId('task-overdue').waitFor();
    expect(await mgrRow.textContent()).toContain('Otto Operator');

    // The operator's queue shows it without a reload, overdue, with the count above.
    const opRow = op.page.getByTestId('task-row').filter({ hasText: 'Check the dock shutter' });
    await opRow.waitFor({ timeout: 10_000 });
    await opRow.getByTestId('task-overdue').waitFor();
    await op.page.getByText('1 task is overdue.').waitFor();
    await noSeriousAxe(op.page);
    await shot(op.page, 'queue-phone');

    await opRow.getByRole('button', { name: 'Start: Check the dock shutter' }).click();
    await expect.poll(() => opRow.getByTestId('task-status').textContent()).toBe('In progress');
    await opRow.getByRole('button', { name: 'Comments: Check the dock shutter' }).click();
    const opDialog = op.page.getByTestId('task-dialog');
    await opDialog.getByLabel('Add a comment').fill('On my way with the key.');
    await opDialog.getByRole('button', { name: 'Comment', exact: true }).click();
    await opDialog.getByTestId('task-comments').getByText('On my way with the key.').waitFor();
    // The assignee works the task; its details are the manager's.
    expect(await opDialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await noSeriousAxe(op.page);
    await shot(op.page, 'dialog-phone');

    // The manager's list follows: in progress, one comment; the thread names the operator.
    await expect.poll(() => mgrRow.getByTestId('task-status').textContent(), { timeout: 10_000 }).toBe('In progress');
    await expect.poll(() => mgrRow.textContent()).toContain('1 comment');
    await mgrRow.getByRole('button', { name: 'Check the dock shutter' }).click();
    const comments = mgr.page.getByTestId('task-comments');
    await comments.getByText('On my way with the key.').waitFor();
    expect(await comments.textContent()).toContain('Otto Operator');
    await shot(mgr.page, 'detail-desktop');
    await detail.getByRole('button', { name: 'Close' }).click();
    await dismissToasts(mgr.page);
    await shot(mgr.page, 'list-desktop');

    // The same pages at the other width: the list on a phone, the queue on a desktop.
    await mgr.page.setViewportSize(PHONE_390);
    await shot(mgr.page, 'list-phone');
    await op.page.getByTestId('task-dialog').getByRole('button', { name: 'Close' }).click();
    await op.page.setViewportSize(DESKTOP);
    await dismissToasts(op.page);
    await shot(op.page, 'queue-desktop');
    for (const p of [mgr.page, op.page])
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Dark theme: the list stays readable, overdue included.
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ preferences: { theme: 'dark' } }),
    });
    await mgr.page.setViewportSize(DESKTOP);
    await mgr.page.reload();
    await mgrRow.getByTestId('task-overdue').waitFor();
    await expect.poll(() => mgr.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await noSeriousAxe(mgr.page);
    await shot(mgr.page, 'list-desktop-dark');

    // The assignee was told once (no SMTP here: the outbox).
    await expect
      .poll(
        async () =>
          (
            await db.query<{ subject: string }>('select subject from mail_outbox where "to" = $1', [
              operator.user.email,
            ])
          ).rows.map((r) => r.subject),
        { timeout: 20_000 },
      )
      .toEqual(['New task: Check the dock shutter']);

    expect(mgr.watch.errors).toEqual([]);
    expect(op.watch.errors).toEqual([]);
  });
});
