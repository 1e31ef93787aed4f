import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, inject } from 'vitest';
import { ADMIN, accountWithRole } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, useBrowser, signedInPage } from './fixtures/browser.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** The navigation as the person sees it: each group's heading and its links. */
async function navOf(page: Page): Promise<Record<string, string[]>> {
  const nav = page.getByRole('navigation', { name: 'Application' });
  await nav.getByRole('link').first().waitFor();
  return nav.evaluate((el) =>
    Object.fromEntries(
      Array.from(el.querySelectorAll('h2')).map((h) => [
        h.textContent!.trim(),
        Array.from(h.nextElementSibling!.querySelectorAll('a')).map(
          (a) => `${a.textContent!.trim()} ${a.getAttribute('href')}`,
        ),
      ]),
    ),
  );
}

const WATCH = (dashboard: string) => [`Dashboard ${dashboard}`, 'Live view /viewer/live', 'Cameras /viewer/cameras'];
const REVIEW = ['Recordings /viewer/recordings', 'Events /viewer/events', 'Exports /viewer/exports'];
/** Managers and admins also review through analytics and reports. */
const MANAGER_REVIEW = ['Analytics /manager/analytics', 'Reports /manager/reports', ...REVIEW];
const TEAM = [
  'Team /manager/team',
  'Schedules /manager/schedules',
  'Team tasks /manager/tasks',
  'My tasks /operator/tasks',
];
const ACCOUNT = [
  'Settings /viewer/settings',
  'Upgrade /upgrade',
  'Billing /billing',
  'Security dashboard /security',
  'SMS manager /sms',
];

describe('navigation: grouped by what people do, each role sees what it can use', () => {
  let owner: { user: { email: string }; password: string };
  let viewer: { user: { email: string }; password: string };
  beforeAll(async () => {
    owner = await accountWithRole(base, 'user');
    viewer = await accountWithRole(base, 'viewer');
  });

  async function signedIn(email: string, password: string, viewport = DESKTOP) {
    return signedInPage(browser, base, email, password, viewport);
  }

  const cases = [
    [
      'admin',
      () => ADMIN,
      {
        Watch: WATCH('/admin/dashboard'),
        Review: MANAGER_REVIEW,
        Team: TEAM,
        Account: ACCOUNT,
        Administration: [
          'Payment settings /admin/payment-settings',
          'Users /admin/users',
          'Admin settings /admin/settings',
          'Pricing /admin/pricing',
        ],
      },
    ],
    [
      'owner',
      () => ({ email: owner.user.email, password: owner.password }),
      { Watch: WATCH('/manager/dashboard'), Review: MANAGER_REVIEW, Team: TEAM, Account: ACCOUNT },
    ],
    [
      'viewer',
      () => ({ email: viewer.user.email, password: viewer.password }),
      // Neither the plan's pages (the owner's, in a role that manages) nor the SMS manager (managers').
      {
        Watch: WATCH('/viewer/dashboard'),
        Review: REVIEW,
        Account: ['Settings /viewer/settings', 'Security dashboard /security'],
      },
    ],
  ] as const;

  for (const [name, who, expected] of cases) {
    it(`${name}: the groups and links it can use, nothing of a later issue`, async () => {
      const { email, password } = who();
      const { ctx, page, watch } = await signedIn(email, password);
      try {
        await page.goto(`${base}/viewer/settings`);
        expect(await navOf(page)).toEqual(expected);
        // A page of a plan the workspace lacks (AI detection) stays routable with its real title and
        // says who can use it, and is not offered.
        if (name !== 'viewer') {
          await page.goto(`${base}/ai/detection`);
          await page.getByRole('heading', { level: 1, name: 'AI detection' }).waitFor();
          await page.getByTestId('page-refusal').getByText('AI detection', { exact: false }).first().waitFor();
          expect(
            await page.getByRole('navigation', { name: 'Application' }).getByRole('link').allTextContents(),
          ).not.toContain('AI detection');
        }
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(watch.errors).toEqual([]);
      } finally {
        await ctx.close();
      }
    });
  }

  it('phone: a menu button opens the navigation, keyboard reachable, and a link closes it', async () => {
    const { ctx, page, watch } = await signedIn(owner.user.email, owner.password, PHONE);
    try {
      await page.goto(`${base}/viewer/settings`);
      const nav = page.getByRole('navigation', { name: 'Application' });
      expect(await nav.isVisible()).toBe(false);
      const menu = page.getByRole('button', { name: 'Navigation' });
      await menu.focus();
      await page.keyboard.press('Enter');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Recordings' }).waitFor();
      // The first links of the open menu are reached with Tab, with a visible focus ring.
      const inNav = () =>
        page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label') === 'Application');
      for (let i = 0; i < 8 && !(await inNav()); i++) await page.keyboard.press('Tab');
      expect(await inNav()).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
      await nav.getByRole('link', { name: 'Recordings' }).click();
      await page.waitForURL(`${base}/viewer/recordings`);
      await expect.poll(() => nav.isVisible()).toBe(false);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      await page.getByRole('heading', { level: 1, name: 'Recordings' }).waitFor();
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
