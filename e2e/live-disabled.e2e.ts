import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { useBrowser, watchForErrors } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';
import { DASHBOARD_URL, signInUi } from './fixtures/ui.ts';

const base = inject('baseUrl');
const browser = useBrowser();

/** Item 20: a disabled camera is a labelled tile that opens no connection and logs nothing. */
describe('live view of a disabled camera', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string;
  beforeAll(async () => {
    owner = await apiSignUp(base, 'Dis Abled');
    cameraId = await addCamera(base, owner, { name: 'Porch', recordingMode: 'off' });
  });
  afterAll(async () => {
    await deleteCamera(base, owner, cameraId);
  });

  const patch = async (body: { enabled?: boolean; name?: string }) => {
    const res = await fetch(`${base}/api/v1/cameras/${cameraId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.text()).toBe(200);
  };
  const setEnabled = (enabled: boolean) => patch({ enabled });

  it('stops trying once the camera is disabled, and never starts after a reload', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    const liveCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/cameras\/[^/]+\/(webrtc|live-ticket)|\/live\//.test(r.url())) liveCalls.push(r.url());
    });
    await page.goto(`${base}/auth/login`);
    await signInUi(page, owner.user.email, owner.password);
    await page.waitForURL(DASHBOARD_URL);
    await page.goto(`${base}/viewer/live`);
    const tile = page.getByRole('region', { name: 'Porch' });
    await expect.poll(() => liveCalls.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Disabled elsewhere while watched: the list updates in real time and the tile gives up.
    await setEnabled(false);
    await expect.poll(() => tile.getAttribute('data-state'), { timeout: 15_000 }).toBe('disabled');
    expect(await tile.getByTestId('live-disabled').textContent()).toBe('Disabled');
    const afterDisable = liveCalls.length;
    // A change the page hears and redraws the tile for (a new name): still no connection attempt.
    await patch({ name: 'Porch 2' });
    await page.getByRole('region', { name: 'Porch 2' }).waitFor();
    expect(liveCalls.length).toBe(afterDisable);

    liveCalls.length = 0;
    await page.reload();
    const renamed = page.getByRole('region', { name: 'Porch 2' });
    await expect.poll(() => renamed.getAttribute('data-state'), { timeout: 15_000 }).toBe('disabled');
    await patch({ name: 'Porch' });
    await tile.waitFor();
    expect(liveCalls).toEqual([]);
    expect(await tile.getByRole('status').textContent()).toContain('This camera is disabled.');
    await ctx.close();
    // Disabled while a tile was connecting: the WebRTC offer racing MSE may be answered "Camera is
    // offline" (503) as the camera stops; that refusal is the point, not a fault.
    const refusedOffer = (e: string) =>
      /HTTP 503 .*\/webrtc$/.test(e) ||
      e === 'console: Failed to load resource: the server responded with a status of 503 (Service Unavailable)';
    expect(watch.errors.filter((e) => !refusedOffer(e))).toEqual([]);
  });
});
