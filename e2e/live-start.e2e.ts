import { mkdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiSignUp } from './fixtures/accounts.ts';
import { CHROMIUM_ARGS, DESKTOP, SCREENSHOT_DIR, signedInPage, useBrowser } from './fixtures/browser.ts';
import { addCamera, deleteCamera, waitOnline } from './fixtures/cameras.ts';
import { expectLivePlaying, expectLiveTransport } from './fixtures/live.ts';
import { type RtspServer, startRtspServer } from './fixtures/rtsp-server.ts';

const base = inject('baseUrl');
const browser = useBrowser();
const PHONE_390 = { width: 390, height: 844 };

/** This machine's own addresses: the only places a server on loopback may talk WebRTC with. */
const own = new Set(
  Object.values(networkInterfaces())
    .flat()
    .map((a) => a?.address),
);

/** Keeps the page's peer connections reachable, to read their ICE stats. */
async function keepPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    w.__pcs = [];
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        w.__pcs.push(this);
      }
    };
  });
}

/**
 * Live view starts at once on the default install (the shared server listens on 127.0.0.1, as
 * `npm start` does) in a Chromium without WebRTC flags: WebRTC pairs with this machine's own
 * addresses, Automatic shows a picture first and moves to WebRTC, a WebRTC failure is
 * remembered so the next load starts on MSE without waiting, and a camera that is cut leaves its
 * last frame on the tile with the state said over it.
 */
describe('live view that starts at once', () => {
  let owner: Awaited<ReturnType<typeof apiSignUp>>;
  let cameraId: string;
  let rtsp: RtspServer;

  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    owner = await apiSignUp(base, 'Stella Start');
    rtsp = await startRtspServer({ pattern: 'smpte' });
    cameraId = await addCamera(base, owner, {
      name: 'Porch',
      source: { type: 'rtsp', url: rtsp.url },
      recordingMode: 'off',
    });
    await waitOnline(base, owner, cameraId);
  });
  afterAll(async () => {
    await deleteCamera(base, owner, cameraId);
    await rtsp?.stop();
  });

  const open = (viewport = DESKTOP) => signedInPage(browser, base, owner.user.email, owner.password, viewport);
  const tile = (page: Page) => page.getByRole('region', { name: 'Porch', exact: true });

  it('WebRTC connects on a server on 127.0.0.1 in a plain Chromium, on a pair of this machine', async () => {
    expect(new URL(base).hostname).toBe('127.0.0.1');
    expect(CHROMIUM_ARGS.join(' ')).not.toMatch(/allow-loopback|WebRtcHideLocalIps/);
    const { ctx, page, watch } = await open();
    try {
      await keepPeerConnections(page);
      await page.goto(`${base}/viewer/live?layout=1`);
      await expectLiveTransport(page, 'Porch', 'WebRTC');
      await expectLivePlaying(page, 'Porch');
      const ice = await page.evaluate(async () => {
        const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
        const pc = pcs.find((p) => p.connectionState === 'connected');
        if (!pc) return null;
        const stats: Record<string, string & number & boolean>[] = [];
        (await pc.getStats()).forEach((s) => {
          stats.push(s);
        });
        const transport = stats.find((s) => s.type === 'transport');
        const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
        const remote = stats.find((s) => s.id === pair?.remoteCandidateId);
        const video = stats.find((s) => s.type === 'inbound-rtp');
        return {
          state: pair?.state,
          nominated: pair?.nominated,
          remote: remote?.address,
          frames: video?.framesDecoded,
        };
      });
      expect(ice).toMatchObject({ state: 'succeeded', nominated: true });
      expect(own.has(ice!.remote)).toBe(true);
      expect(ice!.frames, JSON.stringify(ice)).toBeGreaterThan(0);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('a reload after WebRTC failed starts on MSE at once, without trying WebRTC again then', async () => {
    const { ctx, page, watch } = await open();
    try {
      // WebRTC fails here: the answer is one the browser cannot take.
      await page.route('**/api/v1/cameras/*/webrtc', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"sessionId":"none","sdp":"v=0\\r\\n"}' }),
      );
      await page.goto(`${base}/viewer/live?layout=1`);
      await expectLivePlaying(page, 'Porch');
      await expectLiveTransport(page, 'Porch', 'MSE');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('vigil.live.unreachable') ?? ''))
        .toContain(`${new URL(base).origin} `);
      await page.unroute('**/api/v1/cameras/*/webrtc');

      const offers: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/webrtc') && offers.push(r.url()));
      const t0 = Date.now();
      await page.reload();
      await expectLivePlaying(page, 'Porch');
      const toPicture = Date.now() - t0;
      expect(await tile(page).getByTestId('live-transport').textContent()).toBe('MSE');
      // A first connection that never plays costs WebRTC 10 s: a remembered failure costs nothing.
      expect(toPicture).toBeLessThan(8000);
      expect(offers).toEqual([]);
      expect(watch.errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('keeps the last frame on the tile with the state over it while the camera is cut', async () => {
    const desktop = await open(DESKTOP);
    const phone = await open(PHONE_390);
    // The phone reads it in French (the same person's profile, as that page hears it).
    await phone.page.route('**/api/v1/me', async (route) => {
      const res = await route.fetch();
      const me = await res.json();
      me.user.preferences.language = 'fr';
      await route.fulfill({ response: res, json: me });
    });
    try {
      for (const { page } of [desktop, phone]) {
        await page.goto(`${base}/viewer/live?layout=1`);
        await expectLiveTransport(page, 'Porch', 'WebRTC');
        await expectLivePlaying(page, 'Porch');
      }
      await rtsp.stop();
      for (const [{ page, watch }, name, said] of [
        [
          desktop,
          'live-reconnecting-desktop.png',
          /(No picture from the camera|Reconnecting|offline).*Last picture at \d{1,2}:\d{2}:\d{2}/,
        ],
        [
          phone,
          'live-reconnecting-phone-fr.png',
          /(Plus d’image|Reconnexion|hors ligne).*Dernière image à \d{1,2}:\d{2}:\d{2}/,
        ],
      ] as const) {
        await expect.poll(() => tile(page).getAttribute('data-held-frame'), { timeout: 30_000 }).toBe('true');
        expect(await tile(page).getAttribute('data-state')).not.toBe('playing');
        const status = tile(page).getByTestId('live-status');
        expect(await status.getAttribute('aria-live')).toBe('polite');
        expect(await status.textContent()).toMatch(said);
        // The held frame is the camera's picture (colour bars), not black.
        const lit = await tile(page)
          .getByTestId('live-held-frame')
          .evaluate((c: HTMLCanvasElement) => {
            const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
            let sum = 0;
            for (let i = 0; i < data.length; i += 4) sum += data[i]! + data[i + 1]! + data[i + 2]!;
            return sum / (data.length / 4) / 3;
          });
        expect(lit).toBeGreaterThan(20);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
        expect(watch.errors).toEqual([]);
      }
    } finally {
      await desktop.ctx.close();
      await phone.ctx.close();
    }
  });
});
