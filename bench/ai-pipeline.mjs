// The AI pipeline. (0) In this process, before any server: one JPEG to detections with the built-in
// detector (decodeJpegToRgb + the worker: what the analyser runs) asked for a camera's default
// labels (person, car; LABELS=a,b to change) as the analyser asks for the camera's, CPU-ms per frame
// over every thread (process.cpuUsage counts the worker and libuv's pool), beside the bare model —
// the graph as @vladmandic/human ships it, in this thread, on the picture already decoded to 512 px —
// and the same JPEG path asked for every label, in the same run, and whether the fast path keeps the
// photograph's detections of those labels (the budgeted figure, JPEG_FRAMES (20) frames). The photograph is @vladmandic/human's samples.jpg, 1280×1158. The input side against
// the photograph's detections, side by side: bench/ai-input-size.mjs.
// Then in a running Vigil: (1) CPU of idle cameras with AI on, against the
// same cameras with AI off measured just before in the same run (the goal: the same — analysis is
// motion-gated, so a still picture costs nothing); (2) time from motion to the `ai.detection` event
// with the built-in detector, from the two events' creation times in the database (server-side).
// The cameras are MJPEG streams served here: a still black picture (idle), then a photograph of a
// person that an npm package ships (@vladmandic/human's samples.jpg, the detector test's photo),
// drawn at a few places so it moves. CAMERAS (3; 0: part 0 only), WINDOW (15 s), TRIALS (3) to
// change; smoke run: CAMERAS=1 WINDOW=3 TRIALS=1 JPEG_FRAMES=3.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { ROOT, databaseUrlOf, ffmpegChildrenOf, measureCpu, report, startVigil, until } from './lib.mjs';

register();
const { ffmpegTools } = await import(path.join(ROOT, 'apps/server/src/video/ffmpeg-binaries.ts'));

const CAMERAS = Number(process.env.CAMERAS ?? 3);
const WINDOW_S = Number(process.env.WINDOW ?? 15);
const TRIALS = Number(process.env.TRIALS ?? 3);
const JPEG_FRAMES = Number(process.env.JPEG_FRAMES ?? 20);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const samples = path.join(
  path.dirname(createRequire(path.join(ROOT, 'apps/server/package.json')).resolve('@vladmandic/human')),
  '..',
  'assets',
  'samples.jpg',
);

// (0) One JPEG → detections, beside the bare model, same run.
const jpegPath = await (async () => {
  const { createLocalDetector, INPUT_SIDE } = await import(path.join(ROOT, 'apps/server/src/ai/local-detector.ts'));
  const { decodeJpegToRgb } = await import(path.join(ROOT, 'apps/server/src/ai/decode-jpeg.ts'));
  const centernet = await import(path.join(ROOT, 'apps/server/src/ai/centernet.mjs'));
  const { AI_CAMERA_DEFAULTS, COCO_LABELS } = await import(path.join(ROOT, 'packages/shared/src/index.ts'));
  const labels = process.env.LABELS ? process.env.LABELS.split(',') : AI_CAMERA_DEFAULTS.labels;
  const photo = new Uint8Array(readFileSync(samples));
  const load = loadavg()[0];
  const frame = await decodeJpegToRgb(photo);
  const options = { minScore: 0.3, maxDetections: 20 };
  // A detector each: a worker's graph scores every class it was ever asked for (the union).
  const detector = createLocalDetector();
  const everyLabel = createLocalDetector();
  const shipped = await centernet.loadModel({ asShipped: true });
  // Frame by frame in turn, so a change of the machine's load weighs on both alike.
  const paths = {
    whole: { run: () => detector.detectJpeg(photo, { labels }), cpuMs: 0, wallMs: 0, last: [] },
    every: { run: () => everyLabel.detectJpeg(photo), cpuMs: 0, wallMs: 0, last: [] },
    bare: {
      run: async () => centernet.decode(await centernet.runModel(shipped, frame), COCO_LABELS, options),
      cpuMs: 0,
      wallMs: 0,
      last: [],
    },
  };
  try {
    await Promise.all([detector.ready, everyLabel.ready]);
    for (const p of Object.values(paths)) for (let i = 0; i < 2; i++) await p.run();
    for (let i = 0; i < JPEG_FRAMES; i++) {
      for (const p of Object.values(paths)) {
        const cpu = process.cpuUsage();
        const t0 = performance.now();
        p.last = await p.run();
        const d = process.cpuUsage(cpu);
        p.cpuMs += (d.user + d.system) / 1000 / JPEG_FRAMES;
        p.wallMs += (performance.now() - t0) / JPEG_FRAMES;
      }
    }
  } finally {
    await Promise.all([detector.close(), everyLabel.close()]);
    shipped.dispose();
  }
  const { whole, every, bare } = paths;
  // The photograph's detections of the labels asked for: each the bare model is fairly sure of
  // (≥ 0.4) found again (same label, boxes overlapping by half), and nothing the fast path is sure
  // of that the bare model misses.
  const among = (d, list) => list.some((o) => o.label === d.label && centernet.iou(o.box, d.box) >= 0.5);
  const sure = (list) => list.filter((d) => d.score >= 0.4 && labels.includes(d.label));
  const kept = sure(bare.last).filter((d) => among(d, whole.last)).length;
  const extra = sure(whole.last).filter((d) => !among(d, bare.last)).length;
  const ms = (v) => +v.toFixed(1);
  return {
    rows: [
      {
        what: `baseline: bare model as shipped (512×512), this thread, photo pre-decoded to ${frame.width}×${frame.height} — CPU-ms/frame`,
        value: ms(bare.cpuMs),
      },
      {
        what: `one JPEG 1280×1158 → detections, built-in detector (decode + worker, longer side ${INPUT_SIDE}), labels ${labels.join(', ')} — CPU-ms/frame`,
        value: ms(whole.cpuMs),
      },
      { what: '  ratio JPEG path / bare model', value: +(whole.cpuMs / bare.cpuMs).toFixed(2) },
      { what: '  the same JPEG path, every label — CPU-ms/frame', value: ms(every.cpuMs) },
      { what: '  ratio labels asked / every label', value: +(whole.cpuMs / every.cpuMs).toFixed(2) },
      {
        what: '  wall ms/frame (JPEG path / every label / bare model)',
        value: `${ms(whole.wallMs)} / ${ms(every.wallMs)} / ${ms(bare.wallMs)}`,
      },
      {
        what: '  photograph: sure detections (≥ 0.4) of the bare model kept / extra',
        value: `${kept} of ${sure(bare.last).length} / ${extra}`,
      },
      { what: '  load average (1 min) at the start', value: +load.toFixed(1) },
    ],
    figures: {
      'JPEG to detections (CPU-ms)': ms(whole.cpuMs),
      'bare model as shipped (CPU-ms)': ms(bare.cpuMs),
      'JPEG to detections, every label (CPU-ms)': ms(every.cpuMs),
      'JPEG to detections / bare model': +(whole.cpuMs / bare.cpuMs).toFixed(2),
      'photograph detections kept': kept === sure(bare.last).length && extra === 0 ? 1 : 0,
    },
  };
})();
if (CAMERAS === 0) {
  report('ai-pipeline', jpegPath.rows, jpegPath.figures);
  process.exit(0);
}

const render = (filter, input) =>
  execFileSync(
    ffmpegTools().ffmpeg.path,
    [
      '-v',
      'error',
      ...input,
      '-vf',
      filter,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      'pipe:1',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
const BLACK = [render('format=yuvj420p', ['-f', 'lavfi', '-i', 'color=black:s=640x360'])];
const PERSON = [60, 160, 260].map((x) =>
  render(`crop=146:158:166:0,scale=292:316,pad=640:360:${x}:22:black,format=yuvj420p`, ['-i', samples]),
);

/** One MJPEG camera per path (/0, /1, …): 5 JPEGs a second of whatever `scene[i]` holds. */
const scene = Array.from({ length: CAMERAS }, () => BLACK);
let tick = 0;
const cameraServer = http.createServer((req, res) => {
  const i = Number(req.url.slice(1));
  res.writeHead(200, { 'content-type': 'video/x-motion-jpeg' });
  const timer = setInterval(() => {
    const frames = scene[i] ?? BLACK;
    res.write(frames[Math.floor(tick++ / 5) % frames.length]);
  }, 200);
  res.on('close', () => clearInterval(timer));
});
await new Promise((r) => cameraServer.listen(0, '127.0.0.1', r));
const camUrl = (i) => `http://127.0.0.1:${cameraServer.address().port}/${i}`;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-ai-pipeline-'));
let server;
let db;
try {
  server = await startVigil(dir);
  const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ai@example.com', password: 'bench-password', displayName: 'Bench' }),
  });
  const { token } = await res.json();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  db = new pg.Client({ connectionString: databaseUrlOf(dir) });
  await db.connect();
  // The Pro plan (AI access) granted as the admin would, its quota lifted beyond what the run uses.
  await db.query(
    `update subscriptions set plan_key = 'pro', status = 'active', source = 'complimentary', interval = null,
       period_start = now(), period_end = null`,
  );
  await db.query(
    `update users u set plan = p.key, plan_status = 'active',
       limits = jsonb_set(p.limits, '{aiAnalysisQuota}', '100000000'::jsonb),
       ai_access = (p.features->>'aiAccess')::boolean, vms_access = (p.features->>'vms')::boolean
     from plans p where p.key = 'pro'`,
  );
  const ids = [];
  for (let i = 0; i < CAMERAS; i++) {
    const r = await fetch(`${server.url}/api/v1/cameras`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: `cam ${i}`,
        source: { type: 'mjpeg', url: camUrl(i) },
        recordingMode: 'continuous',
      }),
    });
    if (r.status !== 201) throw new Error(`camera ${i}: ${r.status} ${await r.text()}`);
    ids.push((await r.json()).id);
  }
  await until(
    'cameras online',
    async () => {
      const list = await (await fetch(`${server.url}/api/v1/cameras?limit=100`, { headers: auth })).json();
      return list.items.filter((c) => c.status === 'online').length === CAMERAS;
    },
    60_000,
    500,
  );
  await sleep(3000);
  const cpu = async () => {
    const [node, ff] = await Promise.all([
      measureCpu([server.pid], WINDOW_S),
      measureCpu(ffmpegChildrenOf(server.pid), WINDOW_S),
    ]);
    return { total: node.cpuPct + ff.cpuPct, node: node.cpuPct, rss: node.rssMb };
  };
  const off = await cpu();
  const ai = { enabled: true, provider: 'local', labels: ['person'], alertLabels: ['person'], minScore: 0.4 };
  for (const id of ids) {
    const r = await fetch(`${server.url}/api/v1/cameras/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ ai }),
    });
    if (!r.ok) throw new Error(`ai on: ${r.status} ${await r.text()}`);
  }
  await sleep(3000);
  const on = await cpu();
  const analysed = async () =>
    Number((await db.query(`select coalesce(sum((usage->>'aiAnalysisUsed')::int), 0) as n from users`)).rows[0].n);
  const idleAnalyses = await analysed();

  // Motion → ai.detection on camera 0, TRIALS times: the person appears, then the picture goes still.
  const latencies = [];
  for (let t = 0; t < TRIALS; t++) {
    const before = Number(
      (await db.query(`select count(*) as n from events where camera_id = $1 and kind = 'ai.detection'`, [ids[0]]))
        .rows[0].n,
    );
    scene[0] = PERSON;
    const row = await until(
      'an ai.detection event',
      async () => {
        const { rows } = await db.query(
          `select d.created_at as detected, m.created_at as moved
             from events d join events m on m.id = (d.detail->>'motionEventId')::uuid
            where d.camera_id = $1 and d.kind = 'ai.detection' order by d.created_at desc`,
          [ids[0]],
        );
        return rows.length > before ? rows[0] : undefined;
      },
      90_000,
      250,
    );
    latencies.push(row.detected - row.moved);
    scene[0] = BLACK;
    await until(
      'the motion to end',
      async () =>
        Number(
          (
            await db.query(
              `select count(*) as n from events where camera_id = $1 and kind = 'motion' and end_at is null`,
              [ids[0]],
            )
          ).rows[0].n,
        ) === 0,
      60_000,
      500,
    );
    await sleep(2000);
  }
  latencies.sort((a, b) => a - b);
  report(
    'ai-pipeline',
    [
      ...jpegPath.rows,
      {
        what: `baseline: idle cameras (${CAMERAS}), AI off — CPU % of a core (server + ffmpeg)`,
        value: +off.total.toFixed(2),
      },
      { what: `idle cameras (${CAMERAS}), AI on (built-in detector) — CPU %`, value: +on.total.toFixed(2) },
      { what: '  ratio on / off', value: +(on.total / off.total).toFixed(2) },
      { what: '  analyses while idle', value: idleAnalyses },
      {
        what: `motion → ai.detection, built-in detector (ms, median of ${latencies.length})`,
        value: latencies[Math.floor(latencies.length / 2)],
      },
      { what: '  fastest / slowest (ms)', value: `${latencies[0]} / ${latencies.at(-1)}` },
    ],
    jpegPath.figures,
  );
} finally {
  await db?.end().catch(() => {});
  await server?.stop();
  cameraServer.closeAllConnections();
  cameraServer.close();
  rmSync(dir, { recursive: true, force: true });
}
