// Motion in the picture → the alert toast in an open browser, p50 and max over ITER motions, in
// three steps: (a) the picture changes → the server has written the event (its created_at, read
// from the database), (b) written → the toast "Motion — <camera>" is in the page (a
// MutationObserver in the page records Date.now() when the toast's element is added), (c) total.
// Same clock throughout: the server, PostgreSQL, this process and Chromium share the machine.
//
// The real server (scripts/start.mjs, own data folder and port, the built web app), an account
// signed up through the API, one RTSP camera (GStreamer test source, 15 fps, black picture; the
// "ball" pattern moves) per configuration, Debian Chromium signed in through the UI and left on
// /viewer/settings. Configurations:
//   - keyframes every 15 frames (1 s): motion is detected on the main stream's keyframes only
//   - keyframes every 7 frames (~0.5 s)
//   - baseline, same run: the 1 s camera with a substream (PATCHed to the same RTSP URL), which
//     the recorder decodes whole and samples at 5 fps
// After each motion the picture goes black again and the next one waits until the event has
// ended (GET /api/v1/events shows its endAt) and SETTLE_S more. Smoke: ITER=2 CONFIGS=k15.
// Figures for `npm run bench -- --check`: the 1 s keyframe camera's total p50, beside the
// substream camera's of the same run.
// Needs the web build (npm run build -w @vigil/web).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { register } from 'tsx/esm/api';
import { ROOT, apiOf, report, startVigil, until } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { CHROMIUM_ARGS, DESKTOP } = await import(path.join(ROOT, 'e2e/fixtures/browser.ts'));
const { signInUi } = await import(path.join(ROOT, 'e2e/fixtures/ui.ts'));

const ITER = Number(process.env.ITER ?? 8);
const SETTLE_S = Number(process.env.SETTLE_S ?? 3);
const CONFIG_NAMES = (process.env.CONFIGS ?? 'k15,k7,sub').split(',');
const CONFIGS = [
  { key: 'k15', label: 'keyframes every 1 s (15 frames at 15 fps)', keyframeInterval: 15, substream: false },
  { key: 'k7', label: 'keyframes every ~0.5 s (7 frames)', keyframeInterval: 7, substream: false },
  { key: 'sub', label: 'baseline: 1 s keyframes + substream (5 fps)', keyframeInterval: 15, substream: true },
].filter((c) => CONFIG_NAMES.includes(c.key));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('alert-latency: build the web app first (npm run build -w @vigil/web)');
  process.exit(1);
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-alert-latency-'));
const dataDir = path.join(dir, 'data');
let vigil;
let browser;
let db;
let rtsp;
const rows = [];
/** Total p50 per configuration key, for the figures the budget check reads. */
const totals = {};

const api = apiOf(() => vigil.url);
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: Math.round(s[Math.floor((s.length - 1) / 2)]), max: Math.round(s.at(-1)) };
};

try {
  vigil = await startVigil(dataDir);
  const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const pgPort = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  db = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(secrets.pgPassword)}@127.0.0.1:${pgPort}/postgres`,
  });
  await db.connect();

  const email = `bench-${Date.now()}@vigil.test`;
  const password = 'bench-password';
  const { token } = await api('POST', '/api/v1/auth/sign-up', null, { email, password, displayName: 'Bench' });

  browser = await chromium.launchPersistentContext(path.join(dir, 'chromium'), {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP,
  });
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${vigil.url}/auth/login`);
  await signInUi(page, email, password);
  // Sign-in lands on the dashboard of the person's role.
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${vigil.url}/viewer/settings`);
  await page.getByRole('button', { name: /^Alerts/ }).waitFor();

  for (const config of CONFIGS) {
    rtsp = await startRtspServer({ pattern: 'black', keyframeInterval: config.keyframeInterval });
    const name = `Cam ${config.key}`;
    const { id: cameraId } = await api('POST', '/api/v1/cameras', token, {
      name,
      source: { type: 'rtsp', url: rtsp.url },
      recordingMode: 'continuous',
    });
    if (config.substream) await api('PATCH', `/api/v1/cameras/${cameraId}`, token, { substreamUrl: rtsp.url });
    await until(
      'the camera online',
      async () => (await api('GET', `/api/v1/cameras/${cameraId}`, token)).status === 'online',
    );
    const lastMotion = async () =>
      (await api('GET', `/api/v1/events?cameraId=${cameraId}&kind=motion&limit=1`, token)).items[0];
    const quiet = async () => {
      const e = await lastMotion();
      return !e || e.endAt !== null;
    };
    // The detector's first pictures, and any motion they reported, are behind us.
    await sleep(SETTLE_S * 1000);
    await until('a quiet picture', quiet, 60_000, 250);

    const written = [];
    const shown = [];
    const total = [];
    for (let i = 0; i < ITER; i++) {
      // A fresh observer per motion: the time a new toast for this camera enters the page.
      await page.evaluate((text) => {
        window.__toastAt = null;
        const seen = (n) => n.nodeType === 1 && n.textContent.includes(text);
        const obs = new MutationObserver((muts) => {
          if (muts.some((m) => [...m.addedNodes].some(seen))) {
            window.__toastAt = Date.now();
            obs.disconnect();
          }
        });
        obs.observe(document.body, { childList: true, subtree: true });
      }, `Motion — ${name}`);
      const t0 = Date.now();
      await rtsp.setPattern('ball');
      const toastAt = await (
        await page.waitForFunction(() => window.__toastAt, null, { timeout: 30_000, polling: 100 })
      ).jsonValue();
      const row = await until('the event row', async () => {
        const r = await db.query(
          `select created_at from events where camera_id = $1 and kind = 'motion' and created_at >= $2
           order by created_at limit 1`,
          [cameraId, new Date(t0 - 1000)],
        );
        return r.rows[0];
      });
      const createdAt = row.created_at.getTime();
      written.push(createdAt - t0);
      shown.push(toastAt - createdAt);
      total.push(toastAt - t0);
      console.log(
        `${config.key} ${i + 1}/${ITER}: written +${createdAt - t0} ms, toast +${toastAt - createdAt} ms, total ${toastAt - t0} ms`,
      );
      await rtsp.setPattern('black');
      await until('the motion event to end', quiet, 60_000, 250);
      await sleep(SETTLE_S * 1000);
    }
    const a = stats(written);
    const b = stats(shown);
    const c = stats(total);
    totals[config.key] = c.p50;
    rows.push({
      camera: config.label,
      runs: ITER,
      'picture→written p50': a.p50,
      'picture→written max': a.max,
      'written→toast p50': b.p50,
      'written→toast max': b.max,
      'total p50': c.p50,
      'total max': c.max,
    });
    await api('DELETE', `/api/v1/cameras/${cameraId}`, token);
    await rtsp.stop();
    rtsp = undefined;
  }
} catch (e) {
  console.error('alert-latency failed:', e);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  await db?.end().catch(() => {});
  await rtsp?.stop();
  await vigil?.stop();
  rmSync(dir, { recursive: true, force: true });
}
// The budget's figure is the 1 s keyframe camera's; the substream camera of the same run is its
// baseline. A configuration that did not run (CONFIGS) reports nothing rather than a guess.
const figures = {};
if (totals.k15 !== undefined) figures['motion to toast p50 (ms)'] = totals.k15;
if (totals.k7 !== undefined) figures['motion to toast p50, 0.5 s keyframes (ms)'] = totals.k7;
if (totals.sub !== undefined) figures['baseline: substream at 5 fps p50 (ms)'] = totals.sub;
if (totals.k15 !== undefined && totals.sub)
  figures['motion to toast p50 / substream'] = +(totals.k15 / totals.sub).toFixed(2);
report('alert-latency', rows, figures);
console.log(
  'milliseconds; picture→written: pattern switched → events.created_at; written→toast: → toast element added in Chromium',
);
