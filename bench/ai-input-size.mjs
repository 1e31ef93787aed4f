// The built-in detector's input size against what it finds (docs/decisions/0017): for each longer
// side in SIDES (512,480,448,416,384), the photograph (@vladmandic/human's samples.jpg, 1280×1158, a
// crowd no test or tuning used) decoded at that size by decodeJpegToRgb and run through the shaped
// graph in this thread, frame by frame in turn with the graph as shipped (512×512, on the picture
// decoded at 512 px: the baseline) so a change of the machine's load weighs on all alike. For each
// side: CPU-ms a frame (decode + model, every thread: process.cpuUsage), its ratio to the baseline,
// and the detections against the baseline's sure ones (≥ 0.4): kept (same label, boxes overlapping
// by half) and extra (sure here, unseen there). FRAMES (5) and SIDES to change.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { ROOT, report } from './lib.mjs';

register();
const { decodeJpegToRgb } = await import(path.join(ROOT, 'apps/server/src/ai/decode-jpeg.ts'));
const centernet = await import(path.join(ROOT, 'apps/server/src/ai/centernet.mjs'));
const { COCO_LABELS } = await import(path.join(ROOT, 'packages/shared/src/index.ts'));

const FRAMES = Number(process.env.FRAMES ?? 5);
const SIDES = (process.env.SIDES ?? '512,480,448,416,384').split(',').map(Number);
const requireFromServer = createRequire(path.join(ROOT, 'apps/server/package.json'));
const samples = path.join(path.dirname(requireFromServer.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');
const photo = new Uint8Array(readFileSync(samples));
const options = { minScore: 0.3, maxDetections: 20 };
const load = loadavg()[0];

const shippedModel = await centernet.loadModel({ asShipped: true });
const atInput = await decodeJpegToRgb(photo);
const runs = [
  {
    name: 'shipped',
    run: async () => centernet.decode(await centernet.runModel(shippedModel, atInput), COCO_LABELS, options),
  },
];
const models = [shippedModel];
for (const side of SIDES) {
  const model = await centernet.loadModel({ side });
  models.push(model);
  runs.push({
    name: side,
    run: async () =>
      centernet.decode(
        await centernet.runModel(model, await decodeJpegToRgb(photo, { maxSide: side }), options.minScore),
        COCO_LABELS,
        options,
      ),
  });
}
for (const r of runs) {
  r.cpuMs = 0;
  r.last = await r.run(); // first run of a graph compiles it
}
for (let i = 0; i < FRAMES; i++) {
  for (const r of runs) {
    const cpu = process.cpuUsage();
    r.last = await r.run();
    const d = process.cpuUsage(cpu);
    r.cpuMs += (d.user + d.system) / 1000 / FRAMES;
  }
}
for (const m of models) m.dispose();

const [bare, ...sized] = runs;
const sure = (list) => list.filter((d) => d.score >= 0.4);
const among = (d, list) => list.some((o) => o.label === d.label && centernet.iou(o.box, d.box) >= 0.5);
const rows = [
  {
    what: 'baseline: graph as shipped 512×512, picture decoded at 512 px — CPU-ms/frame',
    value: +bare.cpuMs.toFixed(1),
  },
  { what: '  its sure detections (≥ 0.4) / all ≥ 0.3', value: `${sure(bare.last).length} / ${bare.last.length}` },
];
const figures = { 'bare model as shipped (CPU-ms)': +bare.cpuMs.toFixed(1) };
for (const r of sized) {
  const kept = sure(bare.last).filter((d) => among(d, r.last)).length;
  const extra = sure(r.last).filter((d) => !among(d, bare.last)).length;
  const shape = centernet.inputShape(1280, 1158, r.name);
  rows.push({
    what: `longer side ${r.name} (input ${shape.W}×${shape.H}): decode + shaped graph — CPU-ms/frame, ratio`,
    value: `${r.cpuMs.toFixed(1)}, ${(r.cpuMs / bare.cpuMs).toFixed(2)}`,
  });
  rows.push({
    what: '  sure detections of the baseline kept / extra / all ≥ 0.3',
    value: `${kept} / ${extra} / ${r.last.length}`,
  });
  figures[`side ${r.name} (CPU-ms)`] = +r.cpuMs.toFixed(1);
  figures[`side ${r.name} kept all, none extra`] = kept === sure(bare.last).length && extra === 0 ? 1 : 0;
}
rows.push({ what: 'load average (1 min) at the start', value: +load.toFixed(1) });
report('ai-input-size', rows, figures);
process.exit(0);
