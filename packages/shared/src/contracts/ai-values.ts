/**
 * COCO labels, detectors and a camera's AI defaults as plain values, without zod: pages import
 * these, and importing them from the contract module would load all of its schemas and zod with
 * them.
 */
/** The 80 COCO object classes, as the local detector and CodeProject.AI / DeepStack name them. */
export const COCO_LABELS = [
  'person',
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
  'traffic light',
  'fire hydrant',
  'stop sign',
  'parking meter',
  'bench',
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
  'backpack',
  'umbrella',
  'handbag',
  'tie',
  'suitcase',
  'frisbee',
  'skis',
  'snowboard',
  'sports ball',
  'kite',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'bowl',
  'banana',
  'apple',
  'sandwich',
  'orange',
  'broccoli',
  'carrot',
  'hot dog',
  'pizza',
  'donut',
  'cake',
  'chair',
  'couch',
  'potted plant',
  'bed',
  'dining table',
  'toilet',
  'tv',
  'laptop',
  'mouse',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'sink',
  'refrigerator',
  'book',
  'clock',
  'vase',
  'scissors',
  'teddy bear',
  'hair drier',
  'toothbrush',
] as const;
export type AiLabel = (typeof COCO_LABELS)[number];
/**
 * Who analyses a frame. `local`: the built-in detector (no network). `codeproject`: a
 * CodeProject.AI / DeepStack-compatible HTTP API. `openai` is not a detector: an OpenAI-compatible
 * vision API that describes an alert in one sentence, after a detector found it.
 */
export const AI_DETECTORS = ['local', 'codeproject'] as const;
export type AiDetector = (typeof AI_DETECTORS)[number];
/** What a surveillance user means by default: people and vehicles, not cups. */
export const AI_DEFAULT_LABELS: readonly AiLabel[] = ['person', 'car', 'truck', 'bicycle', 'motorcycle', 'dog', 'cat'];
export const AI_CAMERA_DEFAULTS = {
  enabled: false,
  provider: 'local' as AiDetector,
  labels: ['person', 'car'] as AiLabel[],
  minScore: 0.5,
  alertLabels: ['person'] as AiLabel[],
  labelZones: {} as Partial<Record<AiLabel, string[]>>,
  describe: false,
};

/** A camera's AI settings (the contract's schema checks them; ai.ts asserts it infers this shape). */
export interface CameraAiSettings {
  enabled: boolean;
  provider: AiDetector;
  labels: AiLabel[];
  minScore: number;
  alertLabels: AiLabel[];
  labelZones: Partial<Record<AiLabel, string[]>>;
  describe: boolean;
}

/** Settings as saved may lack fields (older rows): the defaults fill them. */
export function cameraAiSettingsOf(saved: Partial<CameraAiSettings> | null | undefined): CameraAiSettings {
  return {
    enabled: saved?.enabled ?? AI_CAMERA_DEFAULTS.enabled,
    provider: saved?.provider ?? AI_CAMERA_DEFAULTS.provider,
    labels: saved?.labels ?? [...AI_CAMERA_DEFAULTS.labels],
    minScore: saved?.minScore ?? AI_CAMERA_DEFAULTS.minScore,
    alertLabels: saved?.alertLabels ?? [...AI_CAMERA_DEFAULTS.alertLabels],
    labelZones: saved?.labelZones ?? {},
    describe: saved?.describe ?? AI_CAMERA_DEFAULTS.describe,
  };
}
