import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { useBrowser, signedInPage } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** Item 19: a recordings link to a deleted or malformed camera opens a real camera and says why. */
describe('recordings link to a camera that is gone', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let keptId: string;
  let goneId: string;
  beforeAll(async () => {
    owner = await apiSignUp(base, 'Link Rot');
    keptId = await addCamera(base, owner, { name: 'Garden', recordingMode: 'off' });
    goneId = await addCamera(base, owner, { name: 'Shed', recordingMode: 'off' });
    await deleteCamera(base, owner, goneId);
  });
  afterAll(async () => {
    await deleteCamera(base, owner, keptId);
  });

  it('falls back to a camera that exists for a deleted or malformed id', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password);
    for (const bad of [goneId, 'not a camera id%']) {
      await page.goto(`${base}/viewer/recordings?camera=${encodeURIComponent(bad)}`);
      const notice = page.getByTestId('camera-replaced');
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.textContent()).toContain('Garden is shown instead');
      expect(await page.getByLabel('Camera').inputValue()).toBe(keptId);
      // The day bar of the camera shown loads; no error takes the page.
      await page.getByRole('slider').first().waitFor({ timeout: 15_000 });
      expect(await page.getByRole('alert').count()).toBe(0);
    }
    await ctx.close();
    expect(watch.errors).toEqual([]);
  });
});
