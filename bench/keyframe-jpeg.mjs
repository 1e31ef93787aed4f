// One keyframe to a JPEG, as a motion event's picture and an AI frame are made: through the
// recorder's long-lived encoder (video/keyframe-jpeg.ts, decision 0024) against the baseline of
// an ffmpeg started per picture from the GOP (live-snapshot.ts snapshotJpeg, the thumbnail job's
// way), in the same run, on SIZES (a 640×360 test camera and a 1080p one, SIZE=WxH,… to choose).
// CPU per picture counts everything: this process, the encoder's ffmpeg (its ticks over the run),
// and the ffmpegs started and reaped (this process's cutime + cstime). RUNS pictures each.
// Ends with every ffmpeg it started stopped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, childrenRunning, cpuStat, report } from './lib.mjs';

register();
const { KeyframeJpegs } = await import(path.join(ROOT, 'apps/server/src/video/keyframe-jpeg.ts'));
const { gopKeyframe } = await import(path.join(ROOT, 'apps/server/src/video/gop-keyframe.ts'));
const { snapshotJpeg } = await import(path.join(ROOT, 'apps/server/src/modules/live/live-snapshot.ts'));
const { ffmpegTools } = await import(path.join(ROOT, 'apps/server/src/video/ffmpeg-binaries.ts'));

const RUNS = Number(process.env.RUNS ?? 20);
const SIZES = (process.env.SIZES ?? '640x360,1920x1080').split(',');
const ffmpeg = ffmpegTools().ffmpeg.path;
const dir = mkdtempSync(path.join(tmpdir(), 'bench-kfjpeg-'));

/** CPU ticks (100 a second) of this process and of the children it reaped. */
function ownTicks() {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
}
const encoderTicks = () => childrenRunning(process.pid, 'ffmpeg').reduce((n, p) => n + cpuStat(p).ticks, 0);

/** A live-feed-like GOP of the test picture: the init and fragments from a keyframe. */
function gopOf(size) {
  const file = path.join(dir, `${size}.mp4`);
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=15`, '-t', '1'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '15', '-bf', '0'],
    ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-f', 'mp4', file],
  ]);
  return readFileSync(file);
}

const jpegs = new KeyframeJpegs(
  () => ffmpeg,
  (m) => console.error(m),
  640,
);
const rows = [];
try {
  for (const size of SIZES) {
    const gop = gopOf(size);
    const key = gopKeyframe(gop);
    if (!key) throw new Error(`no keyframe in the ${size} GOP`);
    // Both ways once first: the encoder's start is not a picture's cost.
    if (!(await jpegs.encode(key.codec, key.size, key.annexB))) throw new Error('the encoder made no picture');
    if (!(await snapshotJpeg(ffmpeg, gop))) throw new Error('snapshotJpeg made no picture');

    let t0 = performance.now();
    let c0 = ownTicks();
    for (let i = 0; i < RUNS; i++) await snapshotJpeg(ffmpeg, gop);
    const perSpawn = { ms: (performance.now() - t0) / RUNS, cpu: ((ownTicks() - c0) * 10) / RUNS };

    t0 = performance.now();
    c0 = ownTicks();
    const e0 = encoderTicks();
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) bytes += (await jpegs.encode(key.codec, key.size, key.annexB)).length;
    const pipe = {
      ms: (performance.now() - t0) / RUNS,
      cpu: ((ownTicks() - c0 + encoderTicks() - e0) * 10) / RUNS,
    };
    rows.push({
      size,
      'baseline: an ffmpeg per picture, CPU ms': +perSpawn.cpu.toFixed(1),
      'baseline wall ms': +perSpawn.ms.toFixed(1),
      'long-lived encoder, CPU ms': +pipe.cpu.toFixed(1),
      'encoder wall ms': +pipe.ms.toFixed(1),
      ratio: +(pipe.cpu / perSpawn.cpu).toFixed(3),
      'JPEG KB': +(bytes / RUNS / 1024).toFixed(1),
    });
  }
} finally {
  jpegs.stop();
  rmSync(dir, { recursive: true, force: true });
}
report('keyframe-jpeg', rows);
