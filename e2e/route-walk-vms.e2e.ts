import { mkdirSync } from 'node:fs';
import { beforeAll, describe, it, inject } from 'vitest';
import { ADMIN, apiSignIn } from './fixtures/accounts.ts';
import { SCREENSHOT_DIR, useBrowser } from './fixtures/browser.ts';
import { ROLES, walkMenu } from './fixtures/route-walk.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * The first day's promise, walked as each role would on a plan with the VMS area: every link of the
 * menu opens a page the person can use (fixtures/route-walk.ts).
 */
describe('route walk (VMS): every menu link of every role opens a usable page', () => {
  let adminToken: string;
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    adminToken = (await apiSignIn(base, ADMIN.email, ADMIN.password)).token;
  });

  for (const role of ROLES)
    it(
      `${role === 'user' ? 'owner' : role} on a plan with VMS`,
      () => walkMenu(browser, base, adminToken, role, true),
      180_000,
    );
});
