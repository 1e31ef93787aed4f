import { describe, inject } from 'vitest';
import { useBrowser } from './fixtures/browser.ts';
import { walkEveryRole } from './fixtures/route-walk.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * The first day's promise, walked as each role would on a plan with the VMS area: every link of the
 * menu opens a page the person can use (fixtures/route-walk.ts).
 */
describe('route walk (VMS): every menu link of every role opens a usable page', () => {
  walkEveryRole(browser, base, true);
});
