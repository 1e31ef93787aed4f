// Live view through a `serve` process that does not hold the camera: the latency it adds against
// watching on the holder directly, for WebRTC and MSE. Holder: `npm start` (all roles, embedded
// PostgreSQL) records the clock camera (fixtures/clock-camera.mjs). Other: a second process with
// VIGIL_ROLES=serve on the same database, which streams the camera from the holder's internal
// feed. Chromium watches the same camera on each in turn; capture-to-display latency of every
// displayed frame. Baseline: the holder, direct, in the same run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  BITS,
  BLOCK,
  MOD,
  SAMPLE_IN_PAGE,
  openClockViewer,
  signInClockViewer,
  startCamera,
  stats,
} from './fixtures/clock-camera.mjs';
import { ROOT, report, startVigil } from './lib.mjs';

const SAMPLE_S = Number(process.env.SAMPLE_S ?? 10);

/** The embedded PostgreSQL of a data folder, and the secret its server signs with. */
function sharedSettings(dataDir) {
  const { pgPassword, authSecret } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
  const port = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return { DATABASE_URL: `postgres://postgres:${pgPassword}@127.0.0.1:${port}/postgres`, AUTH_SECRET: authSecret };
}

const holderDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-holder-'));
const serveDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-serve-'));
const browserDir = mkdtempSync(path.join(tmpdir(), 'vigil-bench-chromium-'));
const camera = await startCamera();
const started = [];
let browser;
const rows = [];
try {
  const holder = await startVigil(holderDir);
  started.push(holder);
  // NODE_ENV=test: a production process on an external database also wants PUBLIC_URL and SMTP_URL.
  const other = await startVigil(serveDir, { NODE_ENV: 'test', VIGIL_ROLES: 'serve', ...sharedSettings(holderDir) });
  started.push(other);
  ({ browser } = await openClockViewer(holder, camera.url, browserDir));
  const page = await browser.newPage();
  // Each process is its own origin here (a port each): sign in on both. Behind one load balancer
  // they would share the origin, and one sign-in.
  for (const server of [holder, other]) await signInClockViewer(page, server);
  for (const [where, base] of [
    ['the holder (baseline)', holder.url],
    ['a serve process that does not hold it', other.url],
  ]) {
    for (const transport of ['webrtc', 'mse']) {
      await page.goto(`${base}/viewer/live?layout=1&transport=${transport}`);
      const used = await page
        .getByTestId('live-transport')
        .first()
        .textContent({ timeout: 30_000 })
        .catch(async (e) => {
          await page.screenshot({ path: path.join(ROOT, 'bench/results/live-remote-latency-failure.png') });
          throw e;
        });
      const xs = await page.evaluate(SAMPLE_IN_PAGE, {
        name: 'Clock',
        seconds: SAMPLE_S,
        block: BLOCK,
        bits: BITS,
        mod: MOD,
        warmupMs: 2000,
      });
      rows.push({ figure: `${used} via ${where}`, ...stats(xs) });
      console.log(rows.at(-1));
    }
  }
} catch (e) {
  console.error('live-remote-latency failed:', e);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  for (const p of started.reverse()) await p.stop();
  camera.stop();
  for (const d of [holderDir, serveDir, browserDir]) rmSync(d, { recursive: true, force: true });
}
report('live-remote-latency', rows);
