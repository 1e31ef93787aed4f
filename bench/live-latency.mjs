// Live latency, capture to display, per transport (WebRTC, MSE, HLS); time from saving a new
// camera to its first live frame; time from a timeline click to playback. Each beside a
// baseline from the same run.
//
// The camera: ffmpeg draws the wall-clock time (ms mod 2^24) into every frame as 24 black/white
// blocks, encodes H.264 and sends RTP to a GStreamer RTSP server (bench/fixtures/rtsp-serve.py),
// which serves it like a real camera. Vigil records it with -c copy; Chromium plays the live
// tile, and for each displayed frame (requestVideoFrameCallback) the page reads the blocks back
// from a canvas: latency = expected display time − the time written in the frame. Baseline: the
// same stream pulled straight from the RTSP server by ffmpeg and decoded (no Vigil, no browser).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BITS,
  BLOCK,
  H,
  MOD,
  SAMPLE_IN_PAGE,
  W,
  age,
  closeClockBench,
  openClockViewer,
  signInClockViewer,
  sleep,
  startCamera,
  stats,
} from './fixtures/clock-camera.mjs';
import { ROOT, report, startVigil } from './lib.mjs';

const SAMPLE_S = Number(process.env.SAMPLE_S ?? 10);

/** Baseline: ffmpeg pulls the RTSP stream itself, decodes, and Node reads each frame's stamp. */
async function directLatency(url, seconds) {
  const ff = spawn('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-fflags', 'nobuffer', '-flags', 'low_delay'],
    ...['-rtsp_transport', 'tcp', '-i', url, '-t', String(seconds + 2)],
    // One encoder thread: with one per core the rawvideo encoder hands a frame over only when the
    // next arrives, which would put the baseline a frame late (decision 0005's addendum).
    ...['-threads', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
  ]);
  const out = [];
  let buf = Buffer.alloc(0);
  const started = Date.now();
  ff.stdout.on('data', (d) => {
    const now = Date.now();
    buf = Buffer.concat([buf, d]);
    while (buf.length >= W * H) {
      const f = buf.subarray(0, W * H);
      buf = buf.subarray(W * H);
      let v = 0;
      for (let k = 0; k < BITS; k++) if (f[20 * W + k * BLOCK + 6] > 128) v += 2 ** k;
      if (now - started > 2000) out.push(age(now, v));
    }
  });
  await new Promise((r) => ff.on('exit', r));
  return out;
}

/** Baseline for "Save → first frame": ffmpeg connects and decodes the first picture. */
async function directFirstFrame(url) {
  const t0 = performance.now();
  await new Promise((resolve, reject) => {
    const ff = spawn('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-rtsp_transport',
      'tcp',
      '-i',
      url,
      '-frames:v',
      '1',
      '-f',
      'null',
      '-',
    ]);
    ff.on('exit', (c) => (c === 0 ? resolve() : reject(new Error(`ffmpeg ${c}`))));
  });
  return performance.now() - t0;
}

// In the page: saves a new camera through the API and waits for its tile's first frame.
const SAVE_TO_FIRST_FRAME = async ({ name, url }) => {
  const t0 = performance.now();
  const res = await fetch('/api/v1/cameras', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, source: { type: 'rtsp', url }, recordingMode: 'continuous' }),
  });
  if (res.status !== 201) throw new Error(`save failed: ${res.status} ${await res.text()}`);
  const { id } = await res.json();
  const saved = performance.now() - t0;
  await new Promise((resolve) => {
    const find = () => {
      const v = document.querySelector(`section[aria-label="${name}"] video`);
      if (v) v.requestVideoFrameCallback(() => resolve());
      else setTimeout(find, 20);
    };
    find();
  });
  return { id, saved, firstFrame: performance.now() - t0 };
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-live-'));
const camera = await startCamera();
const vigil = await startVigil(dataDir);
const browserDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-chromium-'));
const { browser, cameraId } = await openClockViewer(vigil, camera.url, browserDir);
const rows = [];
try {
  const api = browser.request;
  const page = await browser.newPage();
  // Keep the page's peer connections reachable, to read their inbound video stats.
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    window.__pcs = [];
    window.RTCPeerConnection = class extends Native {
      constructor(...args) {
        super(...args);
        window.__pcs.push(this);
      }
    };
  });
  await signInClockViewer(page, vigil);

  const direct = await directLatency(camera.url, SAMPLE_S);
  rows.push({ figure: 'live latency: bare ffmpeg RTSP pull + decode (baseline)', ...stats(direct) });
  console.log(rows.at(-1));
  page.on('crash', () => console.error('page crashed'));
  page.on('pageerror', (e) => console.error('page error', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console', m.text()));
  for (const transport of (process.env.TRANSPORTS ?? 'webrtc,mse,hls').split(',').filter(Boolean)) {
    await page.goto(`${vigil.url}/viewer/live?layout=1&transport=${transport}`);
    const used = await page
      .getByTestId('live-transport')
      .first()
      .textContent({ timeout: 30_000 })
      .catch(async (e) => {
        await page.screenshot({ path: path.join(ROOT, 'bench/results/live-latency-failure.png') });
        throw e;
      });
    const warmupMs = transport === 'hls' ? 6000 : 2000;
    const xs = await page.evaluate(SAMPLE_IN_PAGE, {
      name: 'Clock',
      seconds: SAMPLE_S,
      block: BLOCK,
      bits: BITS,
      mod: MOD,
      warmupMs,
    });
    rows.push({ figure: `live latency: Vigil ${used} in Chromium`, ...stats(xs) });
    console.log(rows.at(-1));
    if (transport === 'webrtc') {
      const inbound = await page.evaluate(async () => {
        const pc = window.__pcs.at(-1);
        if (!pc) return null;
        const r = [...(await pc.getStats()).values()].find((x) => x.type === 'inbound-rtp');
        return (
          r &&
          Object.fromEntries(Object.entries(r).filter(([k]) => /frames|packets|nack|pli|jitter|freeze|decode/i.test(k)))
        );
      });
      console.log('webrtc inbound', inbound);
    }
  }

  // Save → first live frame, on an open live page (the new tile arrives through the realtime stream).
  await page.goto(`${vigil.url}/viewer/live?layout=16`);
  await page.getByTestId('live-tile').first().waitFor();
  const firstFrames = [];
  const saves = [];
  for (let i = 0; i < 3; i++) {
    const r = await page.evaluate(SAVE_TO_FIRST_FRAME, { name: `New ${i}`, url: camera.url });
    firstFrames.push(r.firstFrame);
    saves.push(r.saved);
    await api.delete(`${vigil.url}/api/v1/cameras/${r.id}`, { headers: { origin: vigil.url } });
    await sleep(1000);
  }
  const bare = [];
  for (let i = 0; i < 3; i++) bare.push(await directFirstFrame(camera.url));
  rows.push({ figure: 'first frame: bare ffmpeg connect + first decoded frame (baseline)', ...stats(bare) });
  rows.push({ figure: 'Save → first live frame (Vigil, Chromium, Automatic)', ...stats(firstFrames) });
  rows.push({ figure: '  of which the Save request itself', ...stats(saves) });

  // Timeline click → playback start (the camera has recorded meanwhile).
  await sleep(12_000);
  const clicks = [];
  const fetches = [];
  for (let i = 0; i < 3; i++) {
    await page.goto(`${vigil.url}/viewer/recordings?camera=${cameraId}`);
    const span = page.getByTestId('timeline-span').first();
    await span.waitFor({ timeout: 60_000 });
    const box = await span.boundingBox();
    // The player may appear only after the click: listen on the document (capture) for its first 'playing'.
    await page.evaluate(() => {
      window.__played = undefined;
      document.addEventListener('playing', () => (window.__played ??= performance.now()), { capture: true });
    });
    const clickAt = await page.evaluate(() => performance.now());
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.__played !== undefined, null, { timeout: 30_000 });
    clicks.push((await page.evaluate(() => window.__played)) - clickAt);
    // Baseline: the network/server part alone — the same playlist, its init and first fragment bytes.
    const src = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => n.includes('.m3u8')),
    );
    if (src) {
      fetches.push(
        await page.evaluate(async (u) => {
          const t0 = performance.now();
          const text = await (await fetch(u)).text();
          const base = new URL(u, location.href);
          const map = /#EXT-X-MAP:URI="([^"]+)"(?:,BYTERANGE="(\d+)@(\d+)")?/.exec(text);
          const seg = text.split('\n').find((l) => l && !l.startsWith('#'));
          const range = /#EXT-X-BYTERANGE:(\d+)@(\d+)/.exec(text);
          if (map)
            await (
              await fetch(
                new URL(map[1], base),
                map[2] ? { headers: { range: `bytes=${map[3]}-${Number(map[3]) + Number(map[2]) - 1}` } } : {},
              )
            ).arrayBuffer();
          if (seg)
            await (
              await fetch(
                new URL(seg, base),
                range ? { headers: { range: `bytes=${range[2]}-${Number(range[2]) + Number(range[1]) - 1}` } } : {},
              )
            ).arrayBuffer();
          return performance.now() - t0;
        }, src),
      );
    }
  }
  rows.push({ figure: 'playback: fetch playlist + init + first fragment (baseline)', ...stats(fetches) });
  rows.push({ figure: 'timeline click → playback start (Vigil, Chromium)', ...stats(clicks) });
} catch (e) {
  console.error('live-latency failed:', e);
  process.exitCode = 1;
} finally {
  await closeClockBench({ browser, vigil, camera, dirs: [dataDir, browserDir] });
}
// The budgeted figure (bench/budget.json): HLS in hls.js, measured beside MSE and WebRTC above.
const hls = rows.find((r) => r.figure === 'live latency: Vigil HLS in Chromium');
report('live-latency', rows, hls ? { 'HLS glass-to-glass (ms)': hls.p50_ms } : {});
