import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** Snoozing a camera's notifications from its live tile: the menu, the badge, ending it. */
describe('snooze from the live tile', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string | undefined;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Snooze Owner');
    cameraId = await addCamera(base, owner, { name: 'Loading bay', source: { type: 'test-pattern' } });
  });
  afterAll(() => deleteCamera(base, owner, cameraId));

  for (const viewport of [DESKTOP, PHONE]) {
    it(`snoozes for an hour, shows until when, and ends it (${viewport.width} px)`, async () => {
      const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, viewport);
      try {
        await page.goto(`${base}/viewer/live`);
        const trigger = page.getByRole('button', { name: 'Snooze notifications from Loading bay' });
        await trigger.click();
        await page.getByRole('menuitem', { name: 'For 1 hour' }).click();
        const badge = page.getByTestId('live-snoozed');
        await badge.waitFor();
        expect(await badge.textContent()).toMatch(/^Snoozed until \d\d:\d\d$/);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `snooze-${viewport.width}.png`) });
        await page.getByRole('button', { name: /^Notifications from Loading bay snoozed until/ }).click();
        await page.getByRole('menuitem', { name: 'Notify again now' }).click();
        await badge.waitFor({ state: 'detached' });
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
