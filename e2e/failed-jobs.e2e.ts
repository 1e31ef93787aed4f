import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { ADMIN, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * Admin › Settings lists the job queue's dead letters. The job here really failed: a
 * retention-workspace job for a workspace id PostgreSQL refuses, with a single attempt, run by
 * the server's own work role.
 */
describe('failed background jobs in Admin › Settings', () => {
  let db: pg.Client;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
  });
  afterAll(() => db?.end());

  const failJob = async (workspaceId: string) => {
    await db.query(
      `select graphile_worker.add_job('retention-workspace', json_build_object('workspaceId', $1::text),
      max_attempts => 1)`,
      [workspaceId],
    );
    for (let i = 0; i < 100; i++) {
      const r = await db.query(
        `select 1 from graphile_worker._private_jobs where payload->>'workspaceId' = $1 and attempts >= max_attempts`,
        [workspaceId],
      );
      if (r.rows.length) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the job did not fail');
  };

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: shows a failed job with its error; Discard removes it`, async () => {
      const workspaceId = `not-a-workspace-${name}`;
      await failJob(workspaceId);
      const { ctx, page, watch } = await signedInPage(browser, base, ADMIN.email, ADMIN.password, viewport);
      try {
        await page.goto(`${base}/admin/settings`);
        const card = page.locator('section', { has: page.getByRole('heading', { name: 'Failed background jobs' }) });
        const item = card.getByRole('listitem').filter({ hasText: workspaceId });
        await item.waitFor();
        expect(await item.textContent()).toContain('Retention of one workspace');
        expect(await item.textContent()).toContain('1 of 1 attempts');
        expect(await item.getByTestId('failed-job-error').textContent()).toMatch(/uuid/i);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `failed-jobs-${name}.png`), fullPage: false });
        expect(await seriousAxeViolations(page)).toEqual([]);
        // Keyboard: Discard is reachable and labelled with what it drops.
        const discard = item.getByRole('button', { name: 'Discard the failed job: Retention of one workspace' });
        await discard.focus();
        await page.keyboard.press('Enter');
        await item.waitFor({ state: 'detached' });
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
