// Disk guard: 16 RTSP cameras recording onto a tmpfs about one minute from full. The minimum
// write headroom (free space on the media filesystem, sampled every 50 ms) against the guard's
// threshold, with the guard on, beside the same load with the guard off (DISK_GUARD_DISABLED, a
// benchmark-only switch) measured in the same run: there free space reaches 0 and ffmpeg meets
// ENOSPC. Needs root (mount -t tmpfs). CAMERAS=16 SIZE_MB=512 FILL_S=60 RUN_S=80 to change.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, addOnlineRtspCameras, report, startVigil } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const CAMERAS = Number(process.env.CAMERAS ?? 16);
const SIZE_MB = Number(process.env.SIZE_MB ?? 512);
const FILL_S = Number(process.env.FILL_S ?? 60);
const RUN_S = Number(process.env.RUN_S ?? 80);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MB = 1e6;

const freeOf = (dir) => {
  const s = statfsSync(dir);
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
};

function mount(dir) {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE_MB}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`disk-guard needs root to mount a tmpfs: ${e.stderr?.toString() || e.message}`);
  }
}

function unmount(dir) {
  try {
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
  }
}

const mounted = (dir) => readFileSync('/proc/mounts', 'utf8').includes(` ${dir} `);

/** ffmpeg processes anywhere whose command line names the folder (none may outlive the run). */
function ffmpegsWriting(dir) {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const argv = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
        return path.basename(argv[0] ?? '') === 'ffmpeg' && argv.some((a) => a.includes(dir));
      } catch {
        return false;
      }
    });
}

async function phase(url, guard) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-disk-guard-'));
  const media = path.join(dataDir, 'media');
  mkdirSync(media);
  mount(media);
  const threshold = Math.min(freeOf(media).total * 0.05, 2e9);
  let server;
  let sampler;
  try {
    server = await startVigil(dataDir, {
      MEDIA_DIR: media,
      LOG_LEVEL: 'warn',
      // Both runs in development mode: DISK_GUARD_DISABLED is refused in production, and they must match.
      NODE_ENV: 'development',
      ...(guard ? {} : { DISK_GUARD_DISABLED: 'true' }),
    });
    const { cameras } = await addOnlineRtspCameras(server, dataDir, url, CAMERAS);
    // The write rate of the load, then a ballast that leaves FILL_S seconds of it before the disk is full.
    const a = freeOf(media).free;
    await sleep(5000);
    const rate = (a - freeOf(media).free) / 5;
    const ballast = Math.max(0, Math.floor(freeOf(media).free - rate * FILL_S));
    writeFileSync(path.join(media, 'ballast'), Buffer.alloc(ballast, 1));
    let minFree = freeOf(media).free;
    let zeroSamples = 0;
    let samples = 0;
    sampler = setInterval(() => {
      const f = freeOf(media).free;
      samples++;
      if (f < minFree) minFree = f;
      if (f < 64 * 1024) zeroSamples++;
    }, 50);
    await sleep(RUN_S * 1000);
    clearInterval(sampler);
    const list = await cameras();
    const log = server.output();
    return {
      guard,
      rate,
      threshold,
      minFree,
      full: zeroSamples / samples,
      enospc: (log.match(/No space left on device|ENOSPC/gi) ?? []).length,
      pruned: (log.match(/disk guard: .*removed the oldest (\d+) segments/g) ?? [])
        .map((l) => Number(/oldest (\d+)/.exec(l)[1]))
        .reduce((n, x) => n + x, 0),
      online: list.filter((c) => c.status === 'online').length,
      errors: [...new Set(list.map((c) => c.lastError).filter(Boolean))],
    };
  } finally {
    clearInterval(sampler);
    await server?.stop();
    const left = ffmpegsWriting(media);
    if (left.length) console.error(`orphan ffmpeg after the ${guard ? 'guarded' : 'baseline'} run: ${left.join(', ')}`);
    unmount(media);
    if (mounted(media)) console.error(`${media} is still mounted`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rtsp = await startRtspServer({ pattern: 'snow' });
const results = [];
try {
  results.push(await phase(rtsp.url, false));
  results.push(await phase(rtsp.url, true));
} finally {
  await rtsp.stop();
}
const rows = results.map((r) => ({
  run: r.guard ? 'disk guard on' : 'baseline: guard off',
  cameras: CAMERAS,
  'write rate MB/s': +(r.rate / MB).toFixed(2),
  'threshold MB': +(r.threshold / MB).toFixed(1),
  'min headroom MB': +(r.minFree / MB).toFixed(2),
  'min headroom / threshold': +(r.minFree / r.threshold).toFixed(2),
  'time at 0 free %': +(r.full * 100).toFixed(1),
  'ENOSPC in log': r.enospc,
  'segments pruned': r.pruned,
  'cameras online at end': r.online,
}));
report('disk-guard', rows);
for (const r of results)
  if (r.errors.length) console.log(`${r.guard ? 'guarded' : 'baseline'} camera errors: ${r.errors.join(' | ')}`);
// Nothing outlives the run: no ffmpeg of either server, no tmpfs left mounted.
const leftFfmpeg = ffmpegsWriting('bench-disk-guard-').length;
const leftMounts = readFileSync('/proc/mounts', 'utf8')
  .split('\n')
  .filter((l) => l.includes('bench-disk-guard-')).length;
console.log(`ffmpeg left running: ${leftFfmpeg}; tmpfs left mounted: ${leftMounts}`);
if (leftFfmpeg || leftMounts) process.exitCode = 1;
