import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountWithRole, apiSignUp } from './fixtures/accounts.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { SCREENSHOT_DIR, useBrowser, usePagePerTest } from './fixtures/browser.ts';
import { addCamera, deleteCamera } from './fixtures/cameras.ts';

const base = inject('baseUrl');
const browser = useBrowser();
/** The lead's review folder for this screenshots. */
const SHOTS = SCREENSHOT_DIR;
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

type Owner = Awaited<ReturnType<typeof apiSignUp>>;
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that records what it gets and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

/** The check the "How to verify" help tells a receiver to make. */
function signatureValid(r: Received, secret: string): boolean {
  const header = String(r.headers['x-vigil-signature'] ?? '');
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const mac = createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest('hex');
  return Math.abs(Date.now() / 1000 - Number(m[1])) < 300 && timingSafeEqual(Buffer.from(mac), Buffer.from(m[2]!));
}

async function api<T>(owner: Owner, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${owner.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

describe('workspace notifications in the browser', () => {
  let page: Page;
  const perTest = usePagePerTest(browser, base, {
    onPage: (p) => {
      page = p;
    },
  });
  const { signIn } = perTest;
  const cameras: { owner: Owner; id: string }[] = [];

  const visible = (locator: { isVisible(): Promise<boolean> }) => expect.poll(() => locator.isVisible());
  const section = () => page.getByTestId('workspace-notifications');
  const dialog = () => page.getByRole('dialog');
  const tab = (name: string) => section().getByRole('tab', { name });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const c of cameras) await deleteCamera(base, c.owner, c.id);
  });

  async function dismissToasts() {
    const close = page.getByRole('button', { name: 'Dismiss notification' });
    while ((await close.count()) > 0) await close.first().click();
  }
  /** The section at both widths, light and dark, each checked by axe and for sideways overflow. */
  async function shoot(name: string) {
    await dismissToasts();
    for (const [label, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        // The page clipped to the section: an element shot of a tall section would catch the sticky top bar.
        await page.evaluate(() => window.scrollTo(0, 0));
        const clip = await section().evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
        });
        await page.screenshot({
          path: path.join(SHOTS, `ui-${name}-${size.width}-${theme}.png`),
          fullPage: true,
          clip,
        });
        expect(await seriousAxeViolations(page), `${name} ${label} ${theme}`).toEqual([]);
      }
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
    await page.setViewportSize(WIDTHS.desktop);
  }

  it('an owner reads the default rule, adds one naming a camera, adds webhooks and opens the log', async () => {
    const owner = await apiSignUp(base, 'Nora Notify');
    const frontDoor = await addCamera(base, owner, { name: 'Front door', recordingMode: 'off' });
    const porch = await addCamera(base, owner, { name: 'Porch', recordingMode: 'off' });
    cameras.push({ owner, id: frontDoor }, { owner, id: porch });
    await signIn(owner.user.email, owner.password);
    await page.setViewportSize(WIDTHS.desktop);
    await page.goto(`${base}/viewer/settings`);

    // Rules: the workspace's default rule as a sentence.
    await visible(section().getByTestId('rule-sentence').first()).toBe(true);
    expect(await tab('Rules').getAttribute('aria-selected')).toBe('true');
    expect(await section().getByTestId('rule-sentence').allTextContents()).toEqual([
      'Alerts from every camera, always, to owner and managers by push and email; at most one per camera and kind every 5\u00a0min',
    ]);

    // The tabs follow the arrow keys, and the open tab is kept in the URL.
    await tab('Rules').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Webhooks & MQTT').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Webhooks & MQTT');
    expect(new URL(page.url()).searchParams.get('notifications')).toBe('webhooks');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tab('Rules').getAttribute('aria-selected')).toBe('true');

    // A rule for motion at the front door, by push only, every 15 min.
    await section().getByRole('button', { name: 'New rule' }).click();
    await visible(dialog()).toBe(true);
    await dialog().getByLabel('Name', { exact: true }).fill('Front door motion');
    await dialog().getByRole('checkbox', { name: 'Motion' }).check();
    await dialog().getByTestId('rule-cameras').getByRole('checkbox', { name: 'Front door' }).check();
    await dialog().getByRole('checkbox', { name: 'Email' }).uncheck();
    // Nobody to tell: said at the field, nothing sent.
    await dialog().getByRole('checkbox', { name: 'Owner', exact: true }).uncheck();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(dialog().getByText('Choose at least one role or person to notify.')).toBe(true);
    await dialog().getByRole('checkbox', { name: 'Owner', exact: true }).check();
    await dialog().getByLabel('Cooldown', { exact: true }).selectOption('900');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'ui-rule-dialog-1280-light.png') });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await visible(dialog()).toBe(false);
    const sentence = section()
      .getByTestId('rule-item')
      .filter({ hasText: 'Front door motion' })
      .getByTestId('rule-sentence');
    expect(await sentence.textContent()).toBe(
      'Motion alerts from Front door, always, to owner by push; at most one per camera and kind every 15\u00a0min',
    );

    // A server field error lands at its field: the porch camera is deleted while the dialog is open.
    await section().getByRole('button', { name: 'New rule' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill('Porch');
    await dialog().getByRole('checkbox', { name: 'Porch' }).check();
    await deleteCamera(base, owner, porch);
    await dialog().getByRole('button', { name: 'Save' }).click();
    const camerasError = dialog().getByTestId('rule-cameras').getByTestId('field-error');
    await visible(camerasError).toBe(true);
    expect(await camerasError.textContent()).toBe('names a camera that is not in this workspace');
    // The picker hears of the deletion: the ticked camera now reads as deleted, so it can be unticked.
    await expect.poll(() => dialog().getByRole('checkbox', { name: 'Deleted camera' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await visible(dialog()).toBe(false);

    // The switch turns a rule off.
    await section().getByRole('switch', { name: 'Rule Front door motion enabled' }).click();
    await expect
      .poll(async () => {
        const { items } = await api<{ items: { name: string; enabled: boolean }[] }>(
          owner,
          'GET',
          '/api/v1/notification-rules',
        );
        return items.find((r) => r.name === 'Front door motion')?.enabled;
      })
      .toBe(false);
    await shoot('rules');
    // The dialog at phone width: nothing wider than the screen.
    await page.setViewportSize(WIDTHS.phone);
    await section().getByRole('button', { name: 'Edit Alerts' }).click();
    await visible(dialog()).toBe(true);
    expect(await dialog().evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'ui-rule-dialog-390-light.png') });
    await page.keyboard.press('Escape');
    await visible(dialog()).toBe(false);
    await page.setViewportSize(WIDTHS.desktop);

    // Webhooks: a forbidden address is refused with the policy's words.
    await tab('Webhooks & MQTT').click();
    await section().getByLabel('URL', { exact: true }).fill('http://169.254.169.254/x');
    await section().getByRole('button', { name: 'Generate' }).click();
    const secret = await section().getByLabel('Secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await visible(section().getByText('Copy this secret now', { exact: false })).toBe(true);
    await section().getByRole('button', { name: 'Add webhook' }).click();
    await visible(section().getByRole('alert').filter({ hasText: 'not allowed as a target' })).toBe(true);
    expect(await section().getByRole('alert').filter({ hasText: 'not allowed' }).textContent()).toBe(
      'This address is not allowed as a target: link-local, metadata, multicast or unspecified addresses are never reached.',
    );
    expect(await section().getByTestId('webhook-item').count()).toBe(0);

    // A receiver on loopback: added, and "Send test" shows its 200; the signature checks out.
    const receiver = await startReceiver();
    try {
      await section().getByLabel('URL', { exact: true }).fill(receiver.url);
      await section().getByRole('button', { name: 'Add webhook' }).click();
      const item = section().getByTestId('webhook-item').filter({ hasText: receiver.url });
      await visible(item).toBe(true);
      expect(await item.textContent()).toContain(`Every kind · Secret ••••${secret.slice(-4)}`);
      await item.getByRole('button', { name: `Send test to ${receiver.url}` }).click();
      await expect.poll(() => item.getByTestId('webhook-test-result').textContent()).toBe('Answered 200.');
      expect(receiver.received).toHaveLength(1);
      expect(signatureValid(receiver.received[0]!, secret)).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body).type).toBe('test');
    } finally {
      receiver.server.close();
    }

    // How to verify, and the MQTT topic (the broker form once the server has its settings routes).
    await section().getByText('How to verify a delivery').click();
    await visible(section().getByText('X-Vigil-Signature: t=<unix>,v1=<hex>')).toBe(true);
    expect(await section().getByTestId('mqtt-topic').textContent()).toBe(
      `vigil/${owner.user.workspaceId}/<camera>/events`,
    );
    await expect
      .poll(
        async () =>
          (await section().getByLabel('Broker URL').count()) +
          (await section().getByText('MQTT settings are not available').count()),
      )
      .toBe(1);
    await shoot('webhooks');

    // The delivery log renders (empty or not), and its filters live in the URL.
    await tab('Delivery log').click();
    await visible(section().getByLabel('Status')).toBe(true);
    await section().getByLabel('Status').selectOption('failed');
    await expect.poll(() => new URL(page.url()).searchParams.get('logStatus')).toBe('failed');
    await page.reload();
    await visible(section().getByLabel('Status')).toBe(true);
    expect(await tab('Delivery log').getAttribute('aria-selected')).toBe('true');
    expect(await section().getByLabel('Status').inputValue()).toBe('failed');
    await section().getByRole('button', { name: 'Clear filters' }).click();
    await expect
      .poll(
        async () =>
          (await section().getByTestId('delivery-row').count()) +
          (await section().getByTestId('deliveries-empty').count()),
      )
      .toBeGreaterThan(0);
    // Whatever the server sent so far (the owner's email about the cameras' events): a row's attempts unfold.
    const attempts = section().getByRole('button', { name: /^\d+ attempts?$/ });
    if ((await attempts.count()) > 0) {
      await attempts.first().click();
      expect(await attempts.first().getAttribute('aria-expanded')).toBe('true');
      await visible(section().getByTestId('delivery-attempt').first()).toBe(true);
    }
    await shoot('deliveries');
  });

  it('a viewer does not see the workspace section', async () => {
    const viewer = await accountWithRole(base, 'viewer');
    await signIn(viewer.user.email, viewer.password);
    await page.goto(`${base}/viewer/settings`);
    await visible(page.getByRole('heading', { name: 'Profile', exact: true })).toBe(true);
    expect(await page.getByTestId('workspace-notifications').count()).toBe(0);
  });
});
