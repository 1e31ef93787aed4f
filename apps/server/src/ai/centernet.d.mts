// Types of centernet.mjs (plain JavaScript: the detector's worker thread imports it as it is).
import type { Detection } from '@vigil/shared';

export interface RawRow {
  cls: number;
  score: number;
  box: [number, number, number, number];
}

export interface CenterNetModel {
  readonly asShipped: boolean;
  /** The longer side of the input pictures are scaled to. */
  readonly side: number;
  /** The graph for an H×W input scoring every class. */
  graph(H: number, W: number): Promise<unknown>;
  /** The graph for an H×W input scoring at least `classes` (COCO indices; undefined: all), and the class of each logit channel. */
  entry(H: number, W: number, classes?: readonly number[]): Promise<{ graph: unknown; classes?: number[] }>;
  /** The input shapes whose graphs are loaded, most recently used last ("288x512"). */
  shapes(): string[];
  /** The COCO classes a shape's graph scores (undefined: all of them, or no graph for that shape). */
  classesOf(shape: string): number[] | undefined;
  dispose(): void;
}

export const INPUT: number;
export function modelFiles(): { model: string; weights: string; wasmDir: string };
export function inputShape(
  width: number,
  height: number,
  side?: number,
): { w: number; h: number; W: number; H: number };
export function loadModel(options?: {
  threads?: number;
  asShipped?: boolean;
  shapesKept?: number;
  side?: number;
}): Promise<CenterNetModel>;
export function runModel(
  model: CenterNetModel,
  frame: { data: Uint8Array; width: number; height: number },
  floor?: number,
  classes?: readonly number[],
): Promise<RawRow[]>;
export function peaks(
  logits: Float32Array,
  sides: Float32Array,
  shape: { rows: number; cols: number; classes: number; scales: number[]; floor: number; wanted?: boolean[] },
): [number, number, number, number, number, number][];
export function decode(
  rows: RawRow[],
  labels: readonly string[],
  options: { minScore: number; maxDetections: number },
): Detection[];
export function iou(a: readonly number[], b: readonly number[]): number;
export function wasmHeapBytes(): number;
export function backendInfo(): { backend: string; simd: boolean };
