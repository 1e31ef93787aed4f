// From "Add camera" to the first live fragment, in phases, for a camera added by its ONVIF address
// and the same camera added by its RTSP address, RUNS times each, medians. Baseline in the same run:
// a bare `ffmpeg -c copy` reading the same RTSP camera to fragmented MP4 on stdout, from spawn to
// its first fragment (what any recorder needs at least: RTSP handshake and the next keyframe).
// Phases: saved (POST /api/v1/cameras answered), online (the camera row says online), first
// fragment (the live WebSocket's first media fragment after its init segment).
// The real server (scripts/start.mjs), a GStreamer RTSP test camera (keyframe every 15 frames at
// 15 fps) and the ONVIF test device (apps/server/test/onvif-device.ts) pointing at it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import WebSocket from 'ws';
import { ROOT, apiOf, report, startVigil, until } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { startOnvifDevice } = await import(path.join(ROOT, 'apps/server/test/onvif-device.ts'));

const RUNS = Number(process.env.RUNS ?? 5);
const CREDS = { username: 'admin', password: 'bench-pass' };
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.floor((s.length - 1) / 2)]) : null;
};

/** The time of the first media fragment of the camera's live WebSocket. */
async function firstFragment(call, cameraId) {
  const { url } = await call('POST', `/api/v1/cameras/${cameraId}/live-ticket`);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}${url}`);
    let binaries = 0;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no live fragment in 30 s'));
    }, 30_000);
    ws.on('message', (_data, isBinary) => {
      if (!isBinary) return;
      // The first binary message is the init segment; the next one a fragment that starts on a keyframe.
      if (++binaries === 2) {
        clearTimeout(timer);
        ws.terminate();
        resolve(performance.now());
      }
    });
    ws.on('error', reject);
  });
}

/** Bare ffmpeg: spawn to the first moof on stdout. */
function bareFfmpeg(url) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const ff = spawn('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp', '-i', url],
      ...['-map', '0:v', '-c', 'copy', '-f', 'mp4', '-movflags', '+frag_keyframe+empty_moov+default_base_moof', '-'],
    ]);
    let seen = Buffer.alloc(0);
    ff.stdout.on('data', (d) => {
      seen = Buffer.concat([seen, d]);
      if (seen.includes('moof')) {
        resolve(performance.now() - t0);
        ff.kill('SIGKILL');
      }
    });
    ff.once('exit', () => reject(new Error('ffmpeg ended before a fragment')));
  });
}

const rtsp = await startRtspServer({ keyframeInterval: 15 });
const device = await startOnvifDevice({ name: 'Bench PX', streamUri: rtsp.url, credentials: CREDS, media2: true });
const server = await startVigil(mkdtempSync(path.join(tmpdir(), 'vigil-bench-add-')));
const rows = [];
try {
  const api = apiOf(() => server.url);
  const owner = await api('POST', '/api/v1/auth/sign-up', null, {
    email: `add-${Date.now()}@bench.test`,
    password: 'correct horse battery staple',
    displayName: 'Bench',
    timezone: 'Europe/Paris',
  });
  const call = (method, url, body) => api(method, url, owner.token, body);
  const bare = [];
  for (let i = 0; i < RUNS; i++) bare.push(await bareFfmpeg(rtsp.url).catch(() => Number.NaN));
  rows.push({ how: 'baseline: bare ffmpeg -c copy, spawn → first fragment', 'first fragment p50 (ms)': median(bare) });

  for (const how of ['onvif', 'rtsp']) {
    const saved = [];
    const online = [];
    const first = [];
    for (let i = 0; i < RUNS; i++) {
      const source =
        how === 'onvif'
          ? { type: 'onvif', address: device.address, ...CREDS, profile: 'main_0' }
          : { type: 'rtsp', url: rtsp.url };
      const t0 = performance.now();
      const cam = await call('POST', '/api/v1/cameras', { name: `${how} ${i}`, recordingMode: 'continuous', source });
      saved.push(performance.now() - t0);
      // The page opens the live view as soon as the camera is saved: the ticket and socket start now.
      const fragment = firstFragment(call, cam.id);
      await until(
        'online',
        async () => (await call('GET', `/api/v1/cameras/${cam.id}`)).status === 'online',
        30_000,
        20,
      );
      online.push(performance.now() - t0);
      first.push((await fragment) - t0);
      await call('DELETE', `/api/v1/cameras/${cam.id}`);
    }
    rows.push({
      how: `added by ${how === 'onvif' ? 'ONVIF address' : 'RTSP address'}`,
      'saved p50 (ms)': median(saved),
      'online p50 (ms)': median(online),
      'first fragment p50 (ms)': median(first),
    });
  }
} finally {
  await server.stop();
  await device.stop();
  await rtsp.stop();
}
const onvif = rows.find((r) => r.how.includes('ONVIF'));
report('camera-add-first-frame', rows, {
  'ONVIF add to first live fragment p50 (ms)': onvif?.['first fragment p50 (ms)'] ?? null,
});
process.exit(0);
