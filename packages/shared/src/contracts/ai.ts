import { z } from 'zod';
import { isoDate } from './common.ts';
export * from './ai-values.ts';
import { COCO_LABELS, AI_DETECTORS, AI_CAMERA_DEFAULTS, type CameraAiSettings } from './ai-values.ts';

/**
 * AI detection. The contracts every part shares: the labels a detector knows, the
 * providers, a camera's AI settings, a detection, and the workspace's provider settings.
 */

export const aiLabelSchema = z.enum(COCO_LABELS, { message: 'is not a label the detectors know' });

const score = z
  .number({ message: 'must be a number from 0 to 1' })
  .min(0, 'must be from 0 to 1')
  .max(1, 'must be from 0 to 1');

/** Per camera (PATCH /cameras/:id `ai`). Zones are the camera's motion zone names. */
export const cameraAiSettingsSchema = z
  .object({
    enabled: z.boolean().default(AI_CAMERA_DEFAULTS.enabled),
    provider: z.enum(AI_DETECTORS).default(AI_CAMERA_DEFAULTS.provider),
    /** Labels kept; anything else the detector sees is dropped. */
    labels: z.array(aiLabelSchema).min(1).max(80).default(AI_CAMERA_DEFAULTS.labels),
    minScore: score.default(AI_CAMERA_DEFAULTS.minScore),
    /** Labels that make the detection an alert (the others are info). A subset of `labels`. */
    alertLabels: z.array(aiLabelSchema).max(80).default(AI_CAMERA_DEFAULTS.alertLabels),
    /** A label counts only inside these zones (no entry: anywhere in the picture). */
    labelZones: z.partialRecord(aiLabelSchema, z.array(z.string().trim().min(1).max(40)).max(16)).default({}),
    /** Ask the workspace's vision API for a one-sentence description of each alert. */
    describe: z.boolean().default(AI_CAMERA_DEFAULTS.describe),
  })
  .strict()
  .refine((s) => s.alertLabels.every((l) => s.labels.includes(l)), {
    message: 'alert labels must be among the labels',
    path: ['alertLabels'],
  });
// The values module states the shape without zod; the schema must infer exactly it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameShape: Same<z.infer<typeof cameraAiSettingsSchema>, CameraAiSettings> = true;
void _sameShape;

/** A box in fractions of the picture: [x1, y1, x2, y2], from the top left, 0–1. */
export const boxSchema = z.tuple([score, score, score, score]);
export type Box = z.infer<typeof boxSchema>;

export const detectionSchema = z.object({
  label: z.string(),
  score: z.number(),
  box: boxSchema,
  /** The camera's motion zones the box's bottom centre lies in (where a person stands). */
  zones: z.array(z.string()).optional(),
});
export type Detection = z.infer<typeof detectionSchema>;

/** POST /api/v1/ai/analyze: the camera's current frame, now (counts against the quota). */
export const analyzeRequestSchema = z.object({ cameraId: z.string().uuid() }).strict();
export const analyzeResponseSchema = z.object({
  detections: z.array(detectionSchema),
  provider: z.enum(AI_DETECTORS),
  /** Milliseconds the provider took. */
  tookMs: z.number(),
  usage: z.object({ used: z.number(), quota: z.number() }),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

/**
 * An `ai.detection` event's `detail`: what was found, in which motion event, and (with the vision
 * API) a sentence about it.
 */
export const aiDetectionDetailSchema = z.object({
  labels: z.array(z.string()),
  detections: z.array(detectionSchema),
  provider: z.enum(AI_DETECTORS),
  motionEventId: z.string().nullable(),
  description: z.string().nullable().optional(),
});
export type AiDetectionDetail = z.infer<typeof aiDetectionDetailSchema>;

const providerUrl = z
  .string()
  .trim()
  .max(2000)
  .url('must be a URL')
  .refine((u) => /^https?:/i.test(u), 'must be an http or https URL')
  // A key goes in its own field, sealed; one written into the address would be shown and audited.
  .refine((u) => !/^https?:\/\/[^/?#]*@/i.test(u), 'must not contain a user name or password: use the API key field');
/** A secret on write: a new value, or null to remove it; omitted keeps the stored one. */
const secretInput = z.string().max(500).nullable().optional();

/** PUT /api/v1/ai/settings (owners and managers). */
export const aiSettingsInputSchema = z
  .object({
    codeproject: z
      .object({ url: providerUrl, apiKey: secretInput, timeoutMs: z.number().int().min(500).max(60_000).optional() })
      .strict()
      .nullable()
      .optional(),
    openai: z
      .object({
        url: providerUrl,
        apiKey: secretInput,
        model: z.string().trim().min(1).max(100),
        timeoutMs: z.number().int().min(500).max(60_000).optional(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();
export type AiSettingsInput = z.infer<typeof aiSettingsInputSchema>;

/** GET /api/v1/ai/settings: secrets masked (only whether one is set). */
export const aiSettingsSchema = z.object({
  local: z.object({ available: z.boolean(), model: z.string() }),
  codeproject: z.object({ url: z.string(), hasApiKey: z.boolean(), timeoutMs: z.number() }).nullable(),
  openai: z.object({ url: z.string(), hasApiKey: z.boolean(), model: z.string(), timeoutMs: z.number() }).nullable(),
  usage: z.object({ used: z.number(), quota: z.number(), periodStart: isoDate.nullable() }),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;
