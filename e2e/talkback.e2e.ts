import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type OnvifDevice, startOnvifDevice } from '../apps/server/test/onvif-device.ts';
import { apiSignUp } from './fixtures/accounts.ts';
import { CHROMIUM_ARGS, DESKTOP, SCREENSHOT_DIR, watchForErrors } from './fixtures/browser.ts';
import { deleteCamera } from './fixtures/cameras.ts';
import { serverLog } from './fixtures/server.ts';
import { signInUi } from './fixtures/ui.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const base = inject('baseUrl');
const dataDir = inject('dataDir');

/** Keeps every RTCPeerConnection the page makes, so a failure can say what the browser sent. */
function keepPeers() {
  const Native = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      peers.push(this);
    }
  } as typeof RTCPeerConnection;
}

/** The browser's side of the last talk: its connection, its microphone track and what it sent. */
async function browserSide(page: Page): Promise<string> {
  return page
    .evaluate(async () => {
      const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
      // The talk's peer is the last one sending sound (the tile's picture has a peer of its own).
      const talking = (p: RTCPeerConnection) => p.getSenders().find((s) => s.track?.kind === 'audio')?.track;
      const last = peers.filter(talking).at(-1);
      if (!last) return `no talking peer of ${peers.length}`;
      const track = talking(last);
      const stats: string[] = [];
      (await last.getStats()).forEach((r: { type: string; kind?: string } & Record<string, unknown>) => {
        if (r.type === 'outbound-rtp' && r.kind === 'audio') stats.push(`sent ${r.packetsSent} packets`);
        if (r.type === 'media-source' && r.kind === 'audio') stats.push(`energy ${r.totalAudioEnergy}`);
      });
      return (
        `${peers.length} peers; last ${last.connectionState}, ICE ${last.iceConnectionState}, ` +
        `track ${track ? `${track.readyState}${track.muted ? ' muted' : ''}` : 'none'}, ${stats.join(', ')}`
      );
    })
    .catch((e: Error) => `unreadable (${e.message})`);
}
const PHONE_390 = { width: 390, height: 844 };
const CREDS = { username: 'admin', password: 'onvif-pass' };

/**
 * Talk-back in Chromium: an ONVIF camera whose Media2 profile has a loudspeaker (GStreamer's ONVIF
 * RTSP server with a backchannel behind the test device) gets a push-to-talk button on its live
 * tile. Chromium's fake microphone (a beep) is held to it by mouse at desktop width and by touch
 * and keyboard at phone width; the camera hears G.711 while it is held and nothing once released.
 */
describe('push-to-talk through an ONVIF camera’s loudspeaker', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let rtsp: RtspServer;
  let device: OnvifDevice;
  let browser: Browser;
  let cameraId: string;
  const auth = () => ({ authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Tessa Talk');
    rtsp = await startRtspServer({ backchannel: 'pcmu', keyframeInterval: 10 });
    device = await startOnvifDevice({
      name: 'Gate',
      manufacturer: 'Acme',
      model: 'SP-1',
      streamUri: rtsp.url,
      credentials: CREDS,
      media2: true,
    });
    const res = await fetch(`${base}/api/v1/cameras`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({
        name: 'Gate',
        source: { type: 'onvif', address: device.address, ...CREDS, profile: 'main_0' },
        // Talking needs no recording: this camera's picture costs nothing more on a busy machine.
        recordingMode: 'off',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const camera = (await res.json()) as { id: string; onvif: { audioBackchannel: boolean } };
    expect(camera.onvif.audioBackchannel).toBe(true);
    cameraId = camera.id;
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      // A microphone without a person: Chromium's fake capture device, allowed without asking.
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (cameraId) await deleteCamera(base, owner, cameraId);
    await Promise.all([device?.stop(), rtsp?.stop()]);
  });

  async function livePage(viewport: { width: number; height: number }, opts: { dark?: boolean; touch?: boolean } = {}) {
    await fetch(`${base}/api/v1/me`, {
      method: 'PATCH',
      headers: auth(),
      body: JSON.stringify({ preferences: { theme: opts.dark ? 'dark' : 'light' } }),
    });
    const ctx = await browser.newContext({ viewport, hasTouch: opts.touch ?? false });
    await ctx.addInitScript(keepPeers);
    const page = await ctx.newPage();
    const watch = watchForErrors(page);
    await page.goto(`${base}/auth/login`);
    await signInUi(page, owner.user.email, owner.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto(`${base}/viewer/live`);
    const tile = page.getByRole('region', { name: 'Gate' });
    const button = tile.getByRole('button', { name: 'Hold to talk through Gate' });
    await button.waitFor();
    return { ctx, page, tile, button, watch };
  }

  /** Holds the button with `hold` and lets go with `release`: the camera hears it while held, not after. */
  async function talk(
    page: Page,
    button: Locator,
    hold: () => Promise<void>,
    release: () => Promise<void>,
    name: string,
  ) {
    const before = await rtsp.heard();
    const pressed = Date.now();
    await hold();
    await expect
      .poll(async () => (await rtsp.heard()).packets > before.packets, { timeout: 15_000, interval: 20 })
      .toBe(true)
      .catch(async (e) => {
        // Says how far the sound got: the page, the browser's connection, the server, the camera.
        const state = await button.getAttribute('data-state').catch(() => '?');
        const alerts = await page
          .getByRole('alert')
          .allInnerTexts()
          .catch(() => []);
        throw new Error(
          `${name}: the camera heard nothing in 15 s (button ${state}; alerts ${JSON.stringify(alerts)}; ` +
            `heard ${JSON.stringify(await rtsp.heard())}; browser: ${await browserSide(page)}; ` +
            `server: ${JSON.stringify(serverLog(dataDir, /talk-back/).slice(-4))}): ${(e as Error).message}`,
        );
      });
    console.log(
      `talk-back (${name}): press → the camera hears the first packet in ${Date.now() - pressed} ms ` +
        `(browser: ${await browserSide(page)})`,
    );
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 15_000 }).toBe('talking');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => (await rtsp.heard()).packets - before.packets, { timeout: 15_000, interval: 100 })
      .toBeGreaterThanOrEqual(50);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `talkback-${name}.png`) });
    await release();
    const released = Date.now();
    await expect.poll(() => button.getAttribute('data-state')).toBe('idle');
    // Within 300 ms of letting go the camera hears nothing more.
    await new Promise((r) => setTimeout(r, Math.max(0, 300 - (Date.now() - released))));
    const after = await rtsp.heard();
    await new Promise((r) => setTimeout(r, 700));
    expect((await rtsp.heard()).packets).toBe(after.packets);
    expect(after.bytes - before.bytes).toBeGreaterThanOrEqual(50 * 160);
  }

  it('desktop: held with the mouse, the camera hears the microphone as G.711 until released', async () => {
    const { ctx, page, button, watch } = await livePage(DESKTOP);
    try {
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'talkback-idle-desktop.png') });
      const box = (await button.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await talk(
        page,
        button,
        () => page.mouse.down(),
        () => page.mouse.up(),
        'talking-desktop',
      );
      const log = (await (await fetch(`${base}/api/v1/audit?action=live.talkback`, { headers: auth() })).json()) as {
        items?: { action: string; targetId: string }[];
      };
      expect(log.items?.some((e) => e.action === 'live.talkback' && e.targetId === cameraId)).toBe(true);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);

  it('phone, dark: held by touch, then with the keyboard (Space)', async () => {
    const { ctx, page, button, watch } = await livePage(PHONE_390, { dark: true, touch: true });
    try {
      const touch = { pointerType: 'touch', pointerId: 2, isPrimary: true, button: 0, buttons: 1 };
      await talk(
        page,
        button,
        () => button.dispatchEvent('pointerdown', touch),
        () => button.dispatchEvent('pointerup', { ...touch, buttons: 0 }),
        'talking-phone-dark',
      );
      await button.focus();
      await talk(
        page,
        button,
        () => page.keyboard.down('Space'),
        () => page.keyboard.up('Space'),
        'talking-phone-keyboard',
      );
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});
