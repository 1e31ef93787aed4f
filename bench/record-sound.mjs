// Recording with sound against recording without, same camera, same run: for an AAC camera (sound
// copied) and a G.711 µ-law camera (sound converted to AAC), two recorders each pull the same RTSP
// camera at the same time, one with "Record sound" on and one with it off. A recorder is what
// Vigil runs per camera: its one ffmpeg (the argv buildFfmpegArgs makes: 2 s segments and the live
// fMP4 on stdout) and a Node process reading that stdout into a LiveFeed (the fMP4 parsing that
// keyframe detection, MSE and WebRTC use). CPU from /proc over WINDOW seconds: 180 by default, since
// a recorder costs under 1 % of a core and /proc counts in 10 ms ticks; over 60 s the ratio moved
// by ±10 % from run to run here (Node's timers and GC), over 180 s by a few %.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, childrenOf, measureCpu, report } from './lib.mjs';

register();
const WINDOW_S = Number(process.env.WINDOW ?? 180);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (process.argv[2] === 'recorder') {
  // One recorder: node record-sound.mjs recorder <rtsp url> <segment dir> <copy|aac|none>
  const [, , , url, dir, audio] = process.argv;
  const { buildFfmpegArgs } = await import(path.join(ROOT, 'apps/server/src/video/ffmpeg-args.ts'));
  const { LiveFeed } = await import(path.join(ROOT, 'apps/server/src/video/live-feed.ts'));
  const args = buildFfmpegArgs({
    source: { type: 'rtsp', url },
    recordingMode: 'continuous',
    segmentDir: dir,
    segmentSeconds: 2,
    audio: audio === 'none' ? undefined : audio,
  });
  const feed = new LiveFeed();
  let fragments = 0;
  feed.subscribe((c) => c.type === 'fragment' && fragments++);
  const ff = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TZ: 'UTC' } });
  ff.stdout.on('data', (d) => feed.push(d));
  process.on('SIGTERM', () => {
    ff.kill('SIGKILL');
    process.exit(0);
  });
  setInterval(() => process.send?.({ fragments }), 1000);
} else {
  const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
  const cameras = { aac: await startRtspServer({ audio: 'aac' }), pcmu: await startRtspServer({ audio: 'pcmu' }) };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-record-sound-'));
  const recorders = [];
  const start = async (camera, audio) => {
    const out = path.join(dir, `${camera}-${audio}`);
    await import('node:fs').then((fs) => fs.mkdirSync(out));
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bench/record-sound.mjs'), 'recorder', cameras[camera].url, out, audio],
      {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      },
    );
    const r = { camera, audio, child, fragments: 0 };
    child.on('message', (m) => (r.fragments = m.fragments));
    recorders.push(r);
  };
  try {
    // The four at once: each pair shares the camera, the machine and the minute it is measured in.
    await start('aac', 'copy');
    await start('aac', 'none');
    await start('pcmu', 'aac');
    await start('pcmu', 'none');
    const deadline = Date.now() + 30_000;
    while (recorders.some((r) => r.fragments === 0)) {
      if (Date.now() > deadline) throw new Error('a recorder produced no live fragments in 30 s');
      await sleep(500);
    }
    // Past the start (probing, the first segment): the steady state is what a camera costs all day.
    await sleep(5000);
    // Node and its ffmpeg apart too: converting sound costs in ffmpeg, parsing its fragments in Node.
    const measured = await Promise.all(
      recorders.map(async (r) => {
        const ffmpegs = childrenOf(r.child.pid).map(Number);
        const [node, ff] = await Promise.all([measureCpu([r.child.pid], WINDOW_S), measureCpu(ffmpegs, WINDOW_S)]);
        return { total: node.cpuPct + ff.cpuPct, ffmpeg: ff.cpuPct };
      }),
    );
    const of = (camera, audio) => measured[recorders.findIndex((r) => r.camera === camera && r.audio === audio)];
    const row = (camera, handling, label) => {
      const off = of(camera, 'none');
      const on = of(camera, handling);
      return {
        camera: label,
        'baseline: Record sound off, CPU % of a core': +off.total.toFixed(2),
        'Record sound on, CPU %': +on.total.toFixed(2),
        ratio: +(on.total / off.total).toFixed(3),
        'ffmpeg alone: off → on, CPU %': `${off.ffmpeg.toFixed(2)} → ${on.ffmpeg.toFixed(2)}`,
      };
    };
    report('record-sound', [
      row('aac', 'copy', 'H.264 + AAC (copied)'),
      row('pcmu', 'aac', 'H.264 + G.711 µ-law (→ AAC)'),
    ]);
  } finally {
    for (const r of recorders) r.child.kill('SIGTERM');
    await sleep(500);
    await Promise.all(Object.values(cameras).map((c) => c.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
}
