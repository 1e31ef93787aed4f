import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type OnvifDevice, startOnvifDevice } from '../apps/server/test/onvif-device.ts';
import { type TestPtz, ptzPlugin } from '../apps/server/test/onvif-device-ptz.ts';
import { apiSignUp } from './fixtures/accounts.ts';
import { DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { deleteCamera } from './fixtures/cameras.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };
const CREDS = { username: 'admin', password: 'onvif-pass' };

/**
 * PTZ from the live tile against the test ONVIF device's PTZ service, which records what it
 * receives: a mouse held on an arrow moves the camera (repeated while held) and the release stops
 * it; the focused tile's arrow keys and + steer; presets are gone to, saved and deleted from the
 * menu; and at phone width a finger held on a 44 px button does the same (a touch screen context).
 */
describe('PTZ on the live tile', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let rtsp: RtspServer;
  let device: OnvifDevice;
  let ptz: TestPtz;
  let cameraId: string | undefined;
  const auth = () => ({ authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Pia Ptz');
    rtsp = await startRtspServer({ keyframeInterval: 10 });
    ptz = ptzPlugin([['1', 'Gate']]);
    device = await startOnvifDevice({
      name: 'Yard',
      streamUri: rtsp.url,
      credentials: CREDS,
      clockOffsetMs: -3 * 3600_000,
      media2: true,
      plugins: [ptz.plugin],
    });
    const res = await fetch(`${base}/api/v1/cameras`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        name: 'Yard',
        recordingMode: 'off',
        source: { type: 'onvif', address: device.address, ...CREDS, profile: 'main_0' },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    cameraId = ((await res.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await deleteCamera(base, owner, cameraId);
    await Promise.all([device?.stop(), rtsp?.stop()]);
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `ptz-${name}.png`) });

  /** What the device received from index `from` on, as op names (consecutive repeats kept). */
  const opsSince = (from: number) => ptz.received.slice(from).map((r) => r.op);

  const openPad = async (page: Page): Promise<Locator> => {
    await page.goto(`${base}/viewer/live`);
    const tile = page.getByRole('region', { name: 'Yard' });
    await tile.getByRole('button', { name: 'Show pan, tilt and zoom for Yard' }).click();
    await tile.getByTestId('ptz-pad').waitFor();
    return tile;
  };

  it('desktop: mouse held on an arrow, the tile’s keys, presets and home', async () => {
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, DESKTOP);
    try {
      const tile = await openPad(page);
      await shot(page, 'pad-1280');

      // Held for over a second: the move is repeated, no stop until the button is let go.
      let from = ptz.received.length;
      await tile.getByRole('button', { name: 'Pan Yard right' }).hover();
      await page.mouse.down();
      await ptz.until((r) => r.op === 'ContinuousMove' && ptz.received.indexOf(r) >= from);
      // Repeated every 300 ms while held: three moves span more than the server's 1 s deadman.
      await expect
        .poll(() => opsSince(from).filter((o) => o === 'ContinuousMove').length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(3);
      expect(opsSince(from)).not.toContain('Stop');
      expect(ptz.received[from]).toMatchObject({ pan: 0.6, tilt: 0, zoom: 0, profile: 'main_0' });
      await page.mouse.up();
      await ptz.until((r) => r.op === 'Stop' && ptz.received.indexOf(r) > from);

      // Keys on the focused tile: ArrowUp held tilts, its release stops; + zooms in.
      from = ptz.received.length;
      await tile.focus();
      await page.keyboard.down('ArrowUp');
      await ptz.until((r) => r.op === 'ContinuousMove' && ptz.received.indexOf(r) >= from);
      await page.keyboard.up('ArrowUp');
      await ptz.until((r) => r.op === 'Stop' && ptz.received.indexOf(r) > from);
      expect(ptz.received[from]).toMatchObject({ pan: 0, tilt: 0.6, zoom: 0 });
      from = ptz.received.length;
      await page.keyboard.press('+');
      await ptz.until((r) => r.op === 'Stop' && ptz.received.indexOf(r) > from);
      expect(ptz.received[from]).toMatchObject({ op: 'ContinuousMove', zoom: 0.5 });

      // Presets: go to one, save the current position under a name, delete it; home.
      await tile.getByRole('button', { name: 'Presets of Yard' }).click();
      await page.getByRole('menuitem', { name: 'Go to Gate' }).click();
      await ptz.until((r) => r.op === 'GotoPreset' && r.preset === '1');
      await tile.getByRole('button', { name: 'Presets of Yard' }).click();
      await page.getByRole('menuitem', { name: 'Save current position as…' }).click();
      await page.getByLabel('Preset name').fill('Back door');
      await shot(page, 'save-1280');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => [...ptz.presets.values()]).toContain('Back door');
      await page.getByText('Preset “Back door” saved').waitFor();
      await tile.getByRole('button', { name: 'Presets of Yard' }).click();
      await page.getByRole('menuitem', { name: 'Go to Back door' }).waitFor();
      await shot(page, 'presets-1280');
      await page.getByRole('menuitem', { name: 'Delete a preset' }).click();
      await page.getByRole('menuitem', { name: 'Delete Back door' }).click();
      await expect.poll(() => [...ptz.presets.values()]).toEqual(['Gate']);
      await tile.getByRole('button', { name: 'Send Yard to its home position' }).click();
      await ptz.until((r) => r.op === 'GotoHomePosition');
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('phone (390 px, touch, dark): a finger held on a 44 px button moves, lifting it stops', async () => {
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: auth(),
      body: JSON.stringify({ preferences: { theme: 'dark' } }),
    });
    const { ctx, page, watch } = await signedInPage(browser, base, owner.user.email, owner.password, PHONE_390, {
      hasTouch: true,
    });
    try {
      await page.goto(`${base}/viewer/live`);
      const tile = page.getByRole('region', { name: 'Yard' });
      await tile.getByRole('button', { name: 'Show pan, tilt and zoom for Yard' }).tap();
      const down = tile.getByRole('button', { name: 'Tilt Yard down' });
      await down.waitFor();
      for (const b of await tile.getByTestId('ptz-pad').getByRole('button').all()) {
        const box = (await b.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await shot(page, 'pad-390-dark');

      // A held finger: touchstart, a pause, touchend, as the screen sends them (CDP's touch input).
      const box = (await down.boundingBox())!;
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const cdp = await ctx.newCDPSession(page);
      const from = ptz.received.length;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
      await ptz.until((r) => r.op === 'ContinuousMove' && ptz.received.indexOf(r) >= from);
      // Still held when the page repeats the move.
      await expect
        .poll(() => opsSince(from).filter((o) => o === 'ContinuousMove').length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(2);
      expect(opsSince(from)).not.toContain('Stop');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await ptz.until((r) => r.op === 'Stop' && ptz.received.indexOf(r) > from);
      expect(ptz.received[from]).toMatchObject({ pan: 0, tilt: -0.6, zoom: 0 });

      // A tap on zoom: a short move, then its stop.
      const tapFrom = ptz.received.length;
      await tile.getByRole('button', { name: 'Zoom Yard in' }).tap();
      await ptz.until((r) => r.op === 'Stop' && ptz.received.indexOf(r) > tapFrom);
      expect(ptz.received[tapFrom]).toMatchObject({ op: 'ContinuousMove', zoom: 0.5 });

      await tile.getByRole('button', { name: 'Presets of Yard' }).tap();
      await page.getByRole('menuitem', { name: 'Go to Gate' }).waitFor();
      await shot(page, 'presets-390-dark');
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
