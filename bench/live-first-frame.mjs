// Time to the first live frame with the Automatic transport on the default install (`npm start`:
// HOST=127.0.0.1), in a plain Chromium (no WebRTC flags), over 20 page loads of the live view in
// one browser profile, as a person reloading it would. Beside it, in the same run: the same
// camera in a bare <video> on MSE (ticket, WebSocket, MediaSource, first frame; no app around it).
// Both are measured in the page from its navigation start (performance.now() at the first
// requestVideoFrameCallback), so both include loading a document from the server.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as clock from './fixtures/clock-camera.mjs';
import { report, startVigil } from './lib.mjs';

const LOADS = Number(process.env.LOADS ?? 20);

// In the page: the first frame any <video> of the first live tile shows (the tile may hold two
// while it moves from MSE to WebRTC), and the transport it says it plays on.
const FIRST_FRAME = () =>
  new Promise((resolve) => {
    const seen = new WeakSet();
    const look = () => {
      for (const v of document.querySelectorAll('[data-testid="live-tile"] video')) {
        if (seen.has(v)) continue;
        seen.add(v);
        v.requestVideoFrameCallback(() => {
          const tile = v.closest('[data-testid="live-tile"]');
          resolve({ ms: performance.now(), transport: tile?.getAttribute('data-transport') ?? '' });
        });
      }
      setTimeout(look, 10);
    };
    look();
  });

// In the page: the bare baseline, a minimal MSE player on the same server.
const BARE_MSE = async (cameraId) => {
  const res = await fetch(`/api/v1/cameras/${cameraId}/live-ticket`, { method: 'POST' });
  const { url } = await res.json();
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  document.body.append(video);
  const first = new Promise((r) => video.requestVideoFrameCallback(() => r(performance.now())));
  const ws = new WebSocket(`ws://${location.host}${url}`);
  ws.binaryType = 'arraybuffer';
  const queue = [];
  let sb;
  const pump = () => {
    if (sb && !sb.updating && queue.length) sb.appendBuffer(queue.shift());
  };
  ws.onmessage = (e) => {
    if (typeof e.data === 'string') {
      const mime = `video/mp4; codecs="${JSON.parse(e.data).codec}"`;
      const ms = new MediaSource();
      video.src = URL.createObjectURL(ms);
      ms.addEventListener('sourceopen', () => {
        sb = ms.addSourceBuffer(mime);
        sb.addEventListener('updateend', () => {
          const b = sb.buffered;
          if (b.length && video.currentTime < b.start(0)) video.currentTime = b.start(0);
          video.play().catch(() => {});
          pump();
        });
        pump();
      });
    } else {
      queue.push(e.data);
      pump();
    }
  };
  const ms = await first;
  ws.close();
  return ms;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-first-frame-'));
const browserDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-chromium-'));
const camera = await clock.startCamera();
const vigil = await startVigil(dataDir);
// A plain Chromium, as users run it: no WebRTC flags, local addresses hidden behind mDNS.
const { browser, cameraId } = await clock.openClockViewer(vigil, camera.url, browserDir);
const rows = [];
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error', e.message));
  await clock.signInClockViewer(page, vigil);
  // The camera is connected and its live feed has a keyframe before the first load is timed.
  await page.goto(`${vigil.url}/viewer/live?layout=1`);
  await page.locator('[data-testid="live-tile"][data-state="playing"]').waitFor({ timeout: 60_000 });
  await clock.sleep(1000);

  const bare = [];
  const automatic = [];
  const firstOn = {};
  const settledOn = {};
  for (let i = 0; i < LOADS; i++) {
    await page.goto(`${vigil.url}/offline.html`);
    bare.push(await page.evaluate(BARE_MSE, cameraId));
    await page.goto(`${vigil.url}/viewer/live?layout=1`);
    const first = await page.evaluate(FIRST_FRAME);
    automatic.push(first.ms);
    firstOn[first.transport] = (firstOn[first.transport] ?? 0) + 1;
    // Where the tile ends up: WebRTC once it connects.
    await clock.sleep(1500);
    const settled = await page.getByTestId('live-tile').first().getAttribute('data-transport');
    settledOn[settled] = (settledOn[settled] ?? 0) + 1;
  }
  rows.push({ figure: 'first frame: bare <video> on MSE, same camera (baseline)', ...clock.stats(bare) });
  rows.push({ figure: 'first frame: Vigil live tile, Automatic, default install', ...clock.stats(automatic) });
  console.log('first frame shown on', firstOn, '· playing on 1.5 s later', settledOn);
} catch (e) {
  console.error('live-first-frame failed:', e);
  process.exitCode = 1;
} finally {
  await clock.closeClockBench({ browser, vigil, camera, dirs: [dataDir, browserDir] });
}
report('live-first-frame', rows);
