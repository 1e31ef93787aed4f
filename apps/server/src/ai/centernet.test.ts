import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { COCO_LABELS, type Detection } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CenterNetModel, decode, inputShape, iou, loadModel, runModel } from './centernet.mjs';
import { decodeJpegToRgb } from './decode-jpeg.ts';
import { INPUT_SIDE } from './local-detector.ts';

/**
 * The graph rewritten for the picture's shape (and its averages done by AvgPool) against the graph
 * as @vladmandic/human ships it, on a photograph neither was tuned on: that package's
 * assets/samples.jpg (1280×1158, a crowd), decoded at the model's size as the detector does.
 */
const samples = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
  '..',
  'assets',
  'samples.jpg',
);
const options = { minScore: 0.3, maxDetections: 20 };

let shaped: CenterNetModel;
let shipped: CenterNetModel;
/** The graph as the built-in detector runs it: shaped, at the detector's input side. */
let detectors: CenterNetModel;
beforeAll(async () => {
  shaped = await loadModel();
  shipped = await loadModel({ asShipped: true });
  detectors = await loadModel({ side: INPUT_SIDE });
}, 60_000);
afterAll(() => {
  shaped?.dispose();
  shipped?.dispose();
  detectors?.dispose();
});

/** Whether `d` is among `others`: the same label, boxes overlapping by half. */
const among = (d: Detection, others: Detection[]) =>
  others.some((o) => o.label === d.label && iou(o.box, d.box) >= 0.5);

describe('the CenterNet graph shaped to the picture', () => {
  it('sizes the input to the picture: longer side 512, the other up to a multiple of 32', () => {
    expect(inputShape(1280, 720)).toEqual({ w: 512, h: 288, W: 512, H: 288 });
    expect(inputShape(1280, 1158)).toEqual({ w: 512, h: 463, W: 512, H: 480 });
    expect(inputShape(146, 158)).toEqual({ w: 473, h: 512, W: 480, H: 512 });
  });

  it('keeps what the graph as shipped finds in the held-out photograph, at the detector’s input side', async () => {
    const photo = new Uint8Array(readFileSync(samples));
    const frame = await decodeJpegToRgb(photo, { maxSide: INPUT_SIDE });
    const fast = decode(await runModel(detectors, frame), COCO_LABELS, options);
    const reference = decode(await runModel(shipped, await decodeJpegToRgb(photo)), COCO_LABELS, options);
    const { W, H } = inputShape(1280, 1158, INPUT_SIDE);
    expect(detectors.shapes()).toEqual([`${H}x${W}`]);
    // Every object the shipped graph is fairly sure of (≥ 0.4) is found again, and the shaped graph
    // is sure of nothing the shipped one does not see; scores near the floor may come and go.
    const sure = (list: Detection[]) => list.filter((d) => d.score >= 0.4);
    expect(sure(reference).length).toBeGreaterThanOrEqual(3);
    for (const d of sure(reference)) expect(among(d, fast), JSON.stringify(d)).toBe(true);
    for (const d of sure(fast)) expect(among(d, reference), JSON.stringify(d)).toBe(true);
  }, 60_000);

  it("decodes the heat map as the graph's own decoding does: the same peaks, the same boxes", async () => {
    const frame = await decodeJpegToRgb(new Uint8Array(readFileSync(samples)));
    const mine = await runModel(shaped, frame, 0.05);
    const graph = (await shaped.graph(480, 512)) as { execute(x: tf.Tensor, out: string): tf.Tensor };
    const input = tf.tidy(() => {
      const pixels = tf.cast(tf.tensor4d(frame.data, [1, 463, 512, 3], 'int32'), 'float32');
      return tf.pad(pixels, [
        [0, 0],
        [0, 480 - 463],
        [0, 0],
        [0, 0],
      ]);
    });
    const out = graph.execute(input, 'tower_0/detections');
    const rows = ((await out.array()) as number[][][])[0]!.filter((r) => r[4]! >= 0.05);
    tf.dispose([input, out]);
    expect(mine.length).toBeGreaterThan(20);
    expect(mine.map((r) => [r.cls, r.score.toFixed(5)])).toEqual(rows.map((r) => [r[5], r[4]!.toFixed(5)]));
    const box = (r: number[]) => [r[0]! / 512, r[1]! / 463, r[2]! / 512, r[3]! / 463];
    for (const [i, r] of rows.entries())
      for (const [k, v] of box(r).entries()) expect(mine[i]!.box[k]).toBeCloseTo(Math.min(1, Math.max(0, v)), 4);
  }, 60_000);

  it('cuts the class head to the classes asked for: the same scores and boxes as the whole head', async () => {
    const frame = await decodeJpegToRgb(new Uint8Array(readFileSync(samples)), { maxSide: INPUT_SIDE });
    const { W, H } = inputShape(frame.width, frame.height, INPUT_SIDE);
    const cut = await loadModel({ side: INPUT_SIDE });
    try {
      const asked = [0, 2]; // person, car
      const mine = await runModel(cut, frame, 0.05, asked);
      expect(cut.classesOf(`${H}x${W}`)).toEqual(asked);
      const whole = await runModel(detectors, frame, 0.05);
      expect(detectors.classesOf(`${H}x${W}`)).toBeUndefined();
      // The whole head's 100 best peaks end at some score; above it, the asked classes' peaks are
      // the same in both, in the same order, with the same scores and boxes.
      const least = whole.length === 100 ? whole.at(-1)!.score : 0;
      const expected = whole.filter((r) => asked.includes(r.cls));
      expect(expected.length).toBeGreaterThan(10);
      expect(mine.every((r) => asked.includes(r.cls))).toBe(true);
      const above = mine.filter((r) => r.score >= least);
      expect(above.map((r) => [r.cls, r.score.toFixed(5), r.box.map((v) => v.toFixed(4))])).toEqual(
        expected.map((r) => [r.cls, r.score.toFixed(5), r.box.map((v) => v.toFixed(4))]),
      );
    } finally {
      cut.dispose();
    }
  }, 60_000);

  it('widens a shape’s graph to every class asked of it, once, rather than one graph per label set', async () => {
    const frame = { data: new Uint8Array(64 * 36 * 3), width: 64, height: 36 };
    const one = await loadModel({ side: INPUT_SIDE });
    try {
      await runModel(one, frame, 0.3, [2]);
      expect(one.classesOf('288x480')).toEqual([2]);
      const first = await one.entry(288, 480, [2]);
      await runModel(one, frame, 0.3, [0, 2]);
      expect(one.classesOf('288x480')).toEqual([0, 2]);
      const widened = await one.entry(288, 480, [0]);
      expect(widened.graph).not.toBe(first.graph);
      expect(await one.entry(288, 480, [2, 0])).toBe(widened);
      await runModel(one, frame, 0.3);
      expect(one.classesOf('288x480')).toBeUndefined();
      expect(one.shapes()).toEqual(['288x480']);
      await expect(runModel(one, frame, 0.3, [80])).rejects.toThrow(/no COCO class 80/);
    } finally {
      one.dispose();
    }
  }, 60_000);

  it('gives a 16:9 frame a 512×288 graph, and keeps the shapes last used', async () => {
    const frame = (w: number, h: number) => ({ data: new Uint8Array(w * h * 3), width: w, height: h });
    const one = await loadModel({ shapesKept: 1 });
    try {
      await runModel(one, frame(1280, 720));
      expect(one.shapes()).toEqual(['288x512']);
      await runModel(one, frame(480, 640));
      expect(one.shapes()).toEqual(['512x384']);
    } finally {
      one.dispose();
    }
  }, 60_000);
});
