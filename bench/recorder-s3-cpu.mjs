// Recorder CPU per camera with footage uploaded to S3, against local disk only (the baseline),
// at 16 cameras, measured one after the other in the same run. Each run is `npm start`'s server
// recording 16 RTSP test-pattern cameras (-c copy, 10 s segments); with S3 it uploads every closed
// segment to test/fake-s3.ts (an S3-compatible server on loopback that checks every signature),
// which runs in this process and is not counted. CAMERAS=16 and WINDOW=30 (seconds) to change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, addOnlineRtspCameras, ffmpegChildrenOf, measureCpu, report, startVigil } from './lib.mjs';

register();
const { startRtspServer } = await import(path.join(ROOT, 'e2e/fixtures/rtsp-server.ts'));
const { startFakeS3 } = await import(path.join(ROOT, 'apps/server/test/fake-s3.ts'));
const CAMERAS = Number(process.env.CAMERAS ?? 16);
const WINDOW_S = Number(process.env.WINDOW ?? 30);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const S3 = {
  bucket: 'bench-footage',
  region: 'us-east-1',
  accessKeyId: 'BENCHKEY',
  secretAccessKey: 'bench-secret-key',
};

async function record(url, s3) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-s3-rec-'));
  const env = s3
    ? {
        S3_BUCKET: S3.bucket,
        S3_REGION: S3.region,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: S3.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      }
    : {};
  const server = await startVigil(dir, env);
  try {
    await addOnlineRtspCameras(server, dir, url, CAMERAS);
    // Past the first segment cut, so the window sees uploads in their steady state.
    await sleep(12_000);
    const ffmpegs = ffmpegChildrenOf(server.pid);
    if (ffmpegs.length !== CAMERAS) throw new Error(`${ffmpegs.length} ffmpeg processes for ${CAMERAS} cameras`);
    const putsBefore = s3 ? s3.requests.filter((r) => r.method === 'PUT' && r.status === 200).length : 0;
    const [node, ff] = await Promise.all([measureCpu([server.pid], WINDOW_S), measureCpu(ffmpegs, WINDOW_S)]);
    const uploads = s3 ? s3.requests.filter((r) => r.method === 'PUT' && r.status === 200).length - putsBefore : 0;
    return { cpuPct: node.cpuPct + ff.cpuPct, nodePct: node.cpuPct, ffmpegs: ffmpegs.length, uploads };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rtsp = await startRtspServer();
const s3 = await startFakeS3(S3);
// The fake keeps objects in memory; the benchmark only needs them to arrive.
const forget = setInterval(() => s3.objects.clear(), 5000);
let local;
let uploaded;
try {
  local = await record(rtsp.url, undefined);
  uploaded = await record(rtsp.url, s3);
} finally {
  clearInterval(forget);
  await s3.close();
  await rtsp.stop();
}
if (uploaded.uploads === 0) throw new Error('no segment reached the bucket during the window');
report('recorder-s3-cpu', [
  {
    cameras: CAMERAS,
    'baseline: local disk only, CPU % of a core per camera': +(local.cpuPct / CAMERAS).toFixed(2),
    'S3 upload on, CPU % per camera': +(uploaded.cpuPct / CAMERAS).toFixed(2),
    'Node share, local (% per camera)': +(local.nodePct / CAMERAS).toFixed(2),
    'Node share, S3 (% per camera)': +(uploaded.nodePct / CAMERAS).toFixed(2),
    ratio: +(uploaded.cpuPct / local.cpuPct).toFixed(2),
    [`segments uploaded in the ${WINDOW_S} s window`]: uploaded.uploads,
  },
]);
