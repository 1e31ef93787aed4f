// What indexing one finished segment costs the recorder's Node process: its summary (init,
// duration, fragments) read from the file's boxes without the picture (video/segment-summary.ts)
// beside the whole file read and summarised (the baseline, as the indexer did before), in the same
// run. The segment is ffmpeg's own: SECONDS (10) of 1080p at 25 fps, 4 Mb/s, a keyframe a second,
// AAC sound, with the recorder's segment flags. CAMERAS (64) segments are read at once, as a
// recorder's clock-aligned cut makes them all finish in the same second.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const { readSegmentSummary } = await import(path.join(ROOT, 'apps/server/src/video/segment-summary.ts'));
const { summarizeFragmentedMp4 } = await import(path.join(ROOT, 'apps/server/src/video/mp4-fragments.ts'));
const SECONDS = Number(process.env.SECONDS ?? 10);
const CAMERAS = Number(process.env.CAMERAS ?? 64);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
setFlagsFromString('--expose-gc');
/** A full collection before each round, so the buffers a round leaves are its own. */
const gc = runInNewContext('gc');
const work = mkdtempSync(path.join(tmpdir(), 'bench-segread-'));

try {
  const segment = path.join(work, 'segment.mp4');
  const made = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000', '-t', String(SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M', '-g', '25', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '32k', '-f', 'mp4'],
    ...['-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-flush_packets', '1', segment],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg: ${made.stderr}`);
  // One file per camera: the page cache holds them all, as it holds segments just written.
  const files = Array.from({ length: CAMERAS }, (_, i) => {
    const f = path.join(work, `${i}.mp4`);
    copyFileSync(segment, f);
    return f;
  });
  const ways = {
    'whole file read and summarised (baseline)': async (f) => summarizeFragmentedMp4(await readFile(f)),
    'boxes without the picture (segment-summary.ts)': (f) => readSegmentSummary(f),
  };
  const rows = [];
  const figures = {};
  for (const [name, read] of Object.entries(ways)) {
    // A round to warm up, then ROUNDS rounds of every camera's segment at once.
    await Promise.all(files.map(read));
    let cpuMs = 0;
    let wallMs = 0;
    let peakMb = 0;
    let summary;
    for (let r = 0; r < ROUNDS; r++) {
      gc();
      const buffers0 = process.memoryUsage().arrayBuffers;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const out = await Promise.all(files.map(read));
      wallMs += performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      cpuMs += (cpu.user + cpu.system) / 1000;
      // Buffers made by the round and not yet collected: at most what it allocated, about all of it.
      peakMb = Math.max(peakMb, (process.memoryUsage().arrayBuffers - buffers0) / 1e6);
      summary = out[0];
    }
    rows.push({
      read: name,
      'CPU ms per segment': +(cpuMs / ROUNDS / CAMERAS).toFixed(3),
      [`wall ms for ${CAMERAS} at once`]: +(wallMs / ROUNDS).toFixed(1),
      'buffers a round leaves to the GC (MB)': +peakMb.toFixed(1),
      fragments: summary.fragments,
      'seconds read': +summary.durationSec.toFixed(2),
    });
    figures[name] = cpuMs / ROUNDS / CAMERAS;
  }
  const [base, now] = Object.values(figures);
  console.log(`segment: ${(statSync(segment).size / 1e6).toFixed(1)} MB, ${SECONDS} s`);
  report('recorder-segment-read', rows, { 'segment summary CPU / whole-file read': +(now / base).toFixed(3) });
} finally {
  rmSync(work, { recursive: true, force: true });
}
