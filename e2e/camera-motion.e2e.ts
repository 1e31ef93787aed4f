import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { apiSignUp, databaseUrlOf } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { DESKTOP, PHONE, SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

type MotionCamera = {
  motion: { masks: number[][][]; zones: { name: string; points: number[][] }[] };
  scheduleId: string;
};

describe('motion settings, zones and arming in the browser', () => {
  let page: Page;
  const perTest = usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });
  const { signIn } = perTest;
  const cleanup: (() => Promise<void>)[] = [];

  const card = (name: string) => page.getByTestId('camera-card').filter({ hasText: name });
  const dialog = () => page.getByRole('dialog');
  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());

  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  /** Clicks the picture at fractions of its size. */
  async function clickAt(x: number, y: number, clickCount = 1) {
    // The dialog scrolls: a click where the picture is scrolled away would land outside and close it.
    await page.getByTestId('zone-canvas').scrollIntoViewIfNeeded();
    const box = (await page.getByTestId('zone-canvas').boundingBox())!;
    await page.mouse.click(box.x + x * box.width, box.y + y * box.height, { clickCount });
  }

  it('an owner draws a zone and a mask on the snapshot, picks a schedule and arms the camera', async () => {
    const owner = await apiSignUp(base, 'Mona Motion');
    const schedule = await api<{ id: string }>(owner.token, 'POST', '/api/v1/schedules', {
      name: 'Evenings',
      ranges: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '20:00', end: '24:00' })),
    });
    const id = await addCamera(base, owner, { name: 'Yard pattern', recordingMode: 'off' });
    cleanup.push(() => deleteCamera(base, owner, id));
    await waitOnline(base, owner, id);

    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/viewer/cameras`);
    await expect.poll(() => card('Yard pattern').getByTestId('arming-badge').textContent()).toBe('Armed');

    await page.getByRole('button', { name: 'Motion & alerts: Yard pattern' }).click();
    await visible(dialog()).toBe(true);
    // The snapshot: a real JPEG decoded from the live feed.
    const picture = dialog().getByRole('img', { name: 'Current picture of the camera' });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBe(640);

    // A zone by four clicks and Finish, then named.
    await dialog().getByRole('button', { name: 'Add zone' }).click();
    for (const [x, y] of [
      [0.1, 0.1],
      [0.45, 0.1],
      [0.45, 0.6],
      [0.1, 0.6],
    ] as const)
      await clickAt(x, y);
    await expect.poll(() => dialog().getByTestId('zone-status').textContent()).toContain('4 points so far');
    await dialog().getByRole('button', { name: 'Finish' }).click();
    await dialog().getByLabel('Zone 1 name').fill('Front door');

    // A mask by three clicks, the last a double-click that closes it.
    await dialog().getByRole('button', { name: 'Add mask' }).click();
    await clickAt(0.6, 0.2);
    await clickAt(0.9, 0.2);
    await clickAt(0.75, 0.8, 2);
    await expect.poll(() => dialog().getByTestId('zone-row').count()).toBe(2);
    expect(await dialog().getByTestId('zone-row').nth(1).textContent()).toContain('3 points');

    // A point moves with the arrow keys once focused.
    await dialog().getByRole('button', { name: 'Point 1 of 3, Mask 1' }).focus();
    await page.keyboard.press('ArrowDown');

    await dialog().getByLabel('Arming schedule').selectOption({ label: 'Evenings' });
    await dialog().getByLabel('Minimum area (%)').fill('0.5');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-dialog-desktop.png` });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(dialog()).toBe(false);

    const saved = await api<MotionCamera>(owner.token, 'GET', `/api/v1/cameras/${id}`);
    expect(saved.scheduleId).toBe(schedule.id);
    expect(saved.motion.zones).toEqual([
      {
        name: 'Front door',
        points: [
          [0.1, 0.1],
          [0.45, 0.1],
          [0.45, 0.6],
          [0.1, 0.6],
        ].map(([x, y]) => [expect.closeTo(x!, 2), expect.closeTo(y!, 2)]),
      },
    ]);
    expect(saved.motion.masks).toHaveLength(1);
    expect(saved.motion.masks[0]![0]![1]).toBeCloseTo(0.21, 2);

    // After a reload the zone and the mask are there.
    await page.reload();
    await page.getByRole('button', { name: 'Motion & alerts: Yard pattern' }).click();
    await expect.poll(() => dialog().getByLabel('Zone 1 name').inputValue()).toBe('Front door');
    expect(await dialog().locator('polygon[data-kind="zone"]').count()).toBe(1);
    expect(await dialog().locator('polygon[data-kind="mask"]').count()).toBe(1);
    // Shown once the workspace's schedules have loaded (the field waits for them, disabled).
    await expect.poll(() => dialog().getByLabel('Arming schedule').inputValue()).toBe(schedule.id);

    // The server's field error is shown: a zone left with two points.
    await dialog().getByRole('button', { name: 'Edit points Front door' }).click();
    // Points drag with the pointer.
    const first = dialog().getByRole('button', { name: 'Point 1 of 4, Front door' });
    // Measured once the picture has loaded: the frame takes the picture's shape then.
    await expect
      .poll(() =>
        dialog()
          .getByAltText('Current picture of the camera')
          .evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0),
      )
      .toBe(true);
    await page.getByTestId('zone-canvas').scrollIntoViewIfNeeded();
    const from = (await first.boundingBox())!;
    const canvas = (await page.getByTestId('zone-canvas').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(canvas.x + 0.2 * canvas.width, canvas.y + 0.3 * canvas.height, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => first.evaluate((b: HTMLElement) => [b.style.left, b.style.top])).toEqual(['20%', '30%']);
    await dialog().getByRole('button', { name: 'Point 4 of 4, Front door' }).focus();
    await page.keyboard.press('Delete');
    await dialog().getByRole('button', { name: 'Point 3 of 3, Front door' }).focus();
    await page.keyboard.press('Delete');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().getByTestId('motion-errors').textContent()).toMatch(/at least 3/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-error-desktop.png` });
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await visible(dialog()).toBe(false);

    // Armed by hand for an hour.
    await page.getByRole('button', { name: 'Arm / disarm Yard pattern' }).click();
    await page.getByRole('menuitem', { name: 'Arm for 1 hour', exact: true }).click();
    await expect
      .poll(() => card('Yard pattern').getByTestId('arming-badge').textContent())
      .toMatch(/^Armed until .+\(by hand\)$/);
    await page.getByRole('button', { name: 'Arm / disarm Yard pattern' }).click();
    await visible(page.getByRole('menuitem', { name: 'Follow schedule' })).toBe(true);
    await page.keyboard.press('Escape');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-cards-desktop.png`, fullPage: true });

    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-cards-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Motion & alerts: Yard pattern' }).click();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBe(640);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-dialog-phone.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.classList.add('dark'));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-dialog-phone-dark.png` });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/camera-motion-dialog-desktop-dark.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('a viewer sees whether a camera is armed but cannot arm it or change its motion settings', async () => {
    const owner = await apiSignUp(base, 'Vera Viewer');
    const id = await addCamera(base, owner, { name: 'Porch pattern', recordingMode: 'off' });
    // Until invitations exist, a viewer of a workspace with cameras is made in the database.
    const setRole = async (role: string) => {
      const client = new pg.Client({ connectionString: databaseUrlOf(inject('dataDir')) });
      await client.connect();
      await client.query('update users set role = $2 where id = $1', [owner.user.uid, role]);
      await client.end();
    };
    await setRole('viewer');
    // A viewer may not delete it: the owner's role comes back first.
    cleanup.push(async () => {
      await setRole('user');
      await deleteCamera(base, owner, id);
    });

    await signIn(owner.user.email, owner.password);
    await page.goto(`${base}/viewer/cameras`);
    await expect.poll(() => card('Porch pattern').getByTestId('arming-badge').textContent()).toBe('Armed');
    expect(await page.getByRole('button', { name: /^(Arm|Motion)/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
