// The cost a separate RTP output would add to every camera's ffmpeg (docs/decisions/0002):
// N bare `ffmpeg -c copy` segment writers pulling one RTSP stream, then the same with a third
// output `-f rtp` to a local UDP socket that drops what it gets. Same run, one after the other.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const N = Number(process.env.N ?? 8);
const WINDOW_S = Number(process.env.WINDOW ?? 15);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ticks = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(f[11]) + Number(f[12]);
};

async function run(url, withRtp, port) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-rtp-'));
  const procs = [];
  for (let i = 0; i < N; i++) {
    const out = path.join(dir, String(i));
    mkdirSync(out);
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url];
    args.push('-map', '0:v:0', '-c', 'copy', '-f', 'segment', '-segment_time', '10', '-segment_format', 'mp4');
    args.push('-reset_timestamps', '1', `${out}/%05d.mp4`);
    if (withRtp) args.push('-map', '0:v:0', '-c', 'copy', '-f', 'rtp', `rtp://127.0.0.1:${port}`);
    procs.push(spawn('ffmpeg', args, { stdio: 'ignore' }));
    await sleep(150);
  }
  await sleep(4000);
  const before = procs.map((p) => ticks(p.pid));
  await sleep(WINDOW_S * 1000);
  const cpu = procs.reduce((n, p, i) => n + ticks(p.pid) - before[i], 0) / WINDOW_S; // % of a core
  for (const p of procs) p.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  return cpu / N;
}

const rtsp = await startRtspServer();
const sink = createSocket('udp4');
await new Promise((r) => sink.bind(0, '127.0.0.1', r));
sink.on('message', () => {});
try {
  const bare = await run(rtsp.url, false);
  const rtp = await run(rtsp.url, true, sink.address().port);
  report('rtp-output-cost', [
    {
      cameras: N,
      'baseline: ffmpeg -c copy segments, CPU % of a core per camera': +bare.toFixed(2),
      'with an extra -f rtp output': +rtp.toFixed(2),
      ratio: +(rtp / bare).toFixed(2),
    },
  ]);
} finally {
  sink.close();
  await rtsp.stop();
}
