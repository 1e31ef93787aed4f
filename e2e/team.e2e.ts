import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp, databaseUrlOf, uniqueEmail } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { SCREENSHOT_DIR, useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const shot = (name: string) => path.join(SCREENSHOT_DIR, `team-${name}.png`);

/** The link of the newest invitation mail to `email`, read from the e2e server's outbox. */
async function invitationLink(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
  await client.connect();
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await client.query<{ text: string }>(
        `select text from mail_outbox where "to" = $1 and text like '%/invite?token=%' order by created_at desc limit 1`,
        [email],
      );
      const link = rows[0] && /(http\S+\/invite\?token=\S+)/.exec(rows[0].text)?.[1];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`no invitation mail for ${email}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

/** Nothing wider than the window, once the layout has settled. */
const noOverflow = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

describe('team: invitations in the browser', () => {
  const contexts: BrowserContext[] = [];
  const cameras: { token: string; id: string }[] = [];
  let watches: ReturnType<typeof watchForErrors>[] = [];

  beforeAll(() => mkdirSync(SCREENSHOT_DIR, { recursive: true }));
  afterEach(() => {
    for (const w of watches) expect(w.errors).toEqual([]);
    watches = [];
  });
  afterAll(async () => {
    for (const c of cameras) await deleteCamera(base, c, c.id);
    for (const c of contexts) await c.close();
  });

  async function pageIn(viewport?: { width: number; height: number }) {
    const ctx = await browser.newContext(viewport);
    contexts.push(ctx);
    const page = await ctx.newPage();
    watches.push(watchForErrors(page));
    return page;
  }

  it('an owner invites an operator, who signs up from the mailed link, sees the cameras and cannot add one', async () => {
    const owner = await apiSignUp(base, 'Olivia Owner');
    const cam = await addCamera(base, owner, { name: 'Loading dock', recordingMode: 'off' });
    cameras.push({ token: owner.token, id: cam });

    const o = await pageIn();
    await o.goto(`${base}/auth/login`);
    await signInUi(o, owner.user.email, owner.password);
    await o.waitForURL(DASHBOARD_URL);
    await o.goto(`${base}/manager/team`);
    await expect.poll(() => o.getByText('Olivia Owner').first().isVisible()).toBe(true);
    expect(await seriousAxeViolations(o)).toEqual([]);

    const email = uniqueEmail('oscar-operator');
    await o.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = o.getByRole('dialog');
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('Role').selectOption('operator');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => o.getByText(email).isVisible()).toBe(true);
    // A second invitation to the same address is refused with the server's sentence.
    await o.getByRole('button', { name: 'Invite someone' }).click();
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.getByText('already pending', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await o.screenshot({ path: shot('owner-desktop'), fullPage: true });

    // The invited person, in a browser of their own, follows the mailed link.
    const link = await invitationLink(email);
    const p = await pageIn();
    await p.goto(link);
    await expect.poll(() => p.getByText('invited you to join', { exact: false }).isVisible()).toBe(true);
    await p.getByLabel('Your name').fill('Oscar Operator');
    await p.getByLabel('Choose a password').fill('password1');
    expect(await seriousAxeViolations(p)).toEqual([]);
    // One way in: the page's own (create the account that joins, or sign in and come back), not the
    // header's "Create account", which would make an unrelated workspace.
    expect(await p.getByRole('link', { name: 'Create account' }).count()).toBe(0);
    expect(await p.getByRole('banner').getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    await p.screenshot({ path: shot('invite-desktop'), fullPage: true });
    await p.getByRole('button', { name: 'Create account and join' }).click();
    // Into the workspace, on the dashboard of the role the invitation gives.
    await p.waitForURL(`${base}/operator/dashboard`);
    await p.goto(`${base}/viewer/cameras`);
    await expect.poll(() => p.getByText('Loading dock').first().isVisible()).toBe(true);
    expect(await p.getByRole('button', { name: 'Add camera' }).count()).toBe(0);

    // The owner's page shows the new member without a reload (realtime), and the invitation is gone.
    await expect
      .poll(() => o.getByRole('listitem').filter({ hasText: 'Oscar Operator' }).count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => o.getByText('No invitation is waiting for an answer.').isVisible()).toBe(true);

    // Limit the operator to no camera but this one, then remove them: their session ends.
    await o.getByRole('button', { name: 'Choose the cameras Oscar Operator may see' }).click();
    await dialog.getByLabel('Only these cameras').check();
    await dialog.getByLabel('Loading dock').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => o.getByText('1 camera', { exact: true }).isVisible()).toBe(true);

    await o.setViewportSize(PHONE_390);
    await noOverflow(o);
    await o.screenshot({ path: shot('owner-phone'), fullPage: true });

    await o.getByRole('button', { name: 'Remove Oscar Operator' }).click();
    await o.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => o.getByRole('listitem').filter({ hasText: 'Oscar Operator' }).count()).toBe(0);
    // Their session in this workspace has ended: the operator's browser is signed out there.
    await expect
      .poll(() => p.evaluate(async () => (await fetch('/api/v1/me', { cache: 'no-store' })).status))
      .toBe(401);
  });

  it('an existing account accepts an invitation and switches between its workspaces from the user menu', async () => {
    const owner = await apiSignUp(base, 'Wendy Workspace');
    const member = await apiSignUp(base, 'Victor Viewer');
    const res = await fetch(`${base}/api/v1/team/invitations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.user.email, role: 'viewer' }),
    });
    expect(res.status).toBe(201);
    const link = await invitationLink(member.user.email);

    const p = await pageIn(PHONE_390);
    await p.goto(`${base}/auth/login`);
    await signInUi(p, member.user.email, member.password);
    await p.waitForURL(DASHBOARD_URL);
    await p.goto(link);
    await p.getByRole('button', { name: "Join Wendy Workspace's workspace" }).click();
    await p.waitForURL(`${base}/viewer/dashboard`);
    await noOverflow(p);

    await p.getByRole('button', { name: /^Account/ }).click();
    const menu = p.getByRole('menu');
    await expect.poll(() => menu.getByText('Workspaces').isVisible()).toBe(true);
    await p.screenshot({ path: shot('switcher-phone'), fullPage: true });
    await menu.getByRole('menuitemradio', { name: /Victor Viewer's workspace/ }).click();
    await expect.poll(() => p.getByText("You are now working in Victor Viewer's workspace.").isVisible()).toBe(true);
    const me = await p.evaluate(
      async () => (await (await fetch('/api/v1/me')).json()) as { workspace: { name: string } },
    );
    expect(me.workspace.name).toBe("Victor Viewer's workspace");
  });
});
