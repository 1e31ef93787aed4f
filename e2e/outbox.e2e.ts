import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, databaseUrlOf, uniqueEmail } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };

/**
 * Admin › Settings › Outbox: each mail's state, and links' tokens hidden in mail that goes over
 * SMTP. The e2e server has no SMTP, so its own mail is the delivery and shows whole; the SMTP
 * mail here is written as the queue leaves one the server refused for good.
 */
describe('the outbox in Admin › Settings', () => {
  let db: pg.Client;
  const smtpTo = uniqueEmail('outbox-smtp');
  const plainTo = uniqueEmail('outbox-plain');
  const token = 'e2eSecretToken_abc-123';
  beforeAll(async () => {
    db = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
    await db.connect();
    const text = (to: string) => `Hello ${to},\n\nOpen http://127.0.0.1/auth/reset?token=${token} within 60 minutes.\n`;
    await db.query(
      `insert into mail_outbox ("to", subject, text, transport, status, last_error)
       values ($1, 'Reset your Vigil password', $2, 'smtp', 'failed', '550 5.1.1 No such user')`,
      [smtpTo, text(smtpTo)],
    );
    await db.query(
      `insert into mail_outbox ("to", subject, text, transport) values ($1, 'Reset your Vigil password', $2, 'outbox')`,
      [plainTo, text(plainTo)],
    );
  });
  afterAll(async () => {
    await db?.query('delete from mail_outbox where "to" = any($1)', [[smtpTo, plainTo]]);
    await db?.end();
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE_390],
  ] as const) {
    it(`${name}: SMTP mail shows its state, its error and its link with the token hidden; outbox mail shows its link`, async () => {
      const { ctx, page, watch } = await signedInPage(browser, base, ADMIN.email, ADMIN.password, viewport);
      try {
        await page.goto(`${base}/admin/settings`);
        const list = page.getByTestId('outbox-list');
        const smtpItem = list.getByRole('listitem').filter({ hasText: smtpTo });
        const plainItem = list.getByRole('listitem').filter({ hasText: plainTo });
        await smtpItem.waitFor();
        expect(await smtpItem.getByTestId('outbox-status').textContent()).toBe('Failed');
        expect(await plainItem.getByTestId('outbox-status').textContent()).toBe('In the outbox (no SMTP)');
        await smtpItem.locator('summary').click();
        await plainItem.locator('summary').click();
        const smtpText = (await smtpItem.textContent()) ?? '';
        expect(smtpText).toContain('/auth/reset?token=•••• (hidden)');
        expect(smtpText).not.toContain(token);
        expect(smtpText).toContain('Last attempt: 550 5.1.1 No such user');
        expect(await plainItem.textContent()).toContain(`/auth/reset?token=${token}`);
        await smtpItem.scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `outbox-${name}.png`), fullPage: false });
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }
});
