import { z } from 'zod';
import { CAMERA_FAILURE_CODES, type CameraFailureCode } from '../camera-failures.ts';
import { credential, isoDate, pageSchema } from './common.ts';
import { eventSeveritySettingsSchema } from './events.ts';
import { cameraAiSettingsSchema } from './ai.ts';
import { cameraOnvifSchema, onvifSourceInputSchema } from './onvif.ts';

/** API contract for cameras, recordings and exports. */
export * from './camera-values.ts';
import { RECORDING_MODES, CAMERA_STATUSES } from './camera-values.ts';

const streamUrl = (schemes: readonly string[]) =>
  z
    .string()
    .trim()
    .max(2000)
    // URL parsers drop tabs and line breaks, but ffmpeg would send them: refuse them outright.
    .refine((u) => !/[\s\u0000-\u001f\u007f-\u009f]/.test(u), 'must not contain spaces or control characters')
    .refine(
      (u) => {
        try {
          const url = new URL(u);
          return schemes.includes(url.protocol) && url.hostname.length > 0;
        } catch {
          return false;
        }
      },
      `must be a ${schemes.join(' or ')} URL`,
    );

export const cameraSourceInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('rtsp'),
    url: streamUrl(['rtsp:', 'rtsps:']),
    username: credential('user name', 200).optional(),
    password: credential('password', 200).optional(),
  }),
  // HTTP Basic or Digest, whichever the camera asks for (as ffmpeg answers it).
  z.object({
    type: z.literal('mjpeg'),
    url: streamUrl(['http:', 'https:']),
    username: credential('user name', 200).optional(),
    password: credential('password', 200).optional(),
  }),
  z.object({ type: z.literal('test-pattern') }),
]);
export type CameraSourceInput = z.infer<typeof cameraSourceInputSchema>;

/** A point in fractions of the picture (0–1, from the top left). */
const fraction = z.number().min(0, 'must be inside the picture (0 to 1)').max(1, 'must be inside the picture (0 to 1)');
const point = z.tuple([fraction, fraction]);
export const polygonSchema = z.array(point).min(3, 'needs at least 3 points').max(64);
export const motionZoneSchema = z.object({ name: z.string().trim().min(1).max(40), points: polygonSchema });
export const MOTION_DEFAULTS = { enabled: true, sensitivity: 50, minArea: 0.2, minSeconds: 0 } as const;
/**
 * Who notices motion: Vigil (decoding the picture), the camera (its own analytics, over ONVIF
 * events: no server CPU), or both (either one's motion is an event).
 */
export const MOTION_SOURCES = ['vigil', 'camera', 'both'] as const;
export type MotionSource = (typeof MOTION_SOURCES)[number];
/** Per-camera motion detection. */
export const motionSettingsSchema = z
  .object({
    enabled: z.boolean().default(MOTION_DEFAULTS.enabled),
    source: z.enum(MOTION_SOURCES).default('vigil'),
    /** 1–100: higher notices smaller changes of brightness. */
    sensitivity: z.number().int().min(1).max(100).default(MOTION_DEFAULTS.sensitivity),
    /** Percent of the picture (or of the zones, when there are any) that must change. */
    minArea: z.number().min(0.05).max(50).default(MOTION_DEFAULTS.minArea),
    /** Seconds motion must last before it is an event. */
    minSeconds: z.number().min(0).max(30).default(MOTION_DEFAULTS.minSeconds),
    masks: z.array(polygonSchema).max(16).default([]),
    zones: z
      .array(motionZoneSchema)
      .max(16)
      .default([])
      .refine((zs) => new Set(zs.map((z) => z.name.toLowerCase())).size === zs.length, 'zone names must differ'),
  })
  .strict();
export type MotionSettings = z.infer<typeof motionSettingsSchema>;

/** Settings as saved may lack fields (older rows): the defaults fill them. */
export function motionSettingsOf(saved: Partial<MotionSettings> | null | undefined): MotionSettings {
  return {
    enabled: saved?.enabled ?? MOTION_DEFAULTS.enabled,
    source: saved?.source ?? 'vigil',
    sensitivity: saved?.sensitivity ?? MOTION_DEFAULTS.sensitivity,
    minArea: saved?.minArea ?? MOTION_DEFAULTS.minArea,
    minSeconds: saved?.minSeconds ?? MOTION_DEFAULTS.minSeconds,
    masks: saved?.masks ?? [],
    zones: saved?.zones ?? [],
  };
}

export const createCameraSchema = z.object({
  name: z.string().trim().min(1).max(80),
  source: cameraSourceInputSchema,
  substreamUrl: streamUrl(['rtsp:', 'rtsps:']).optional(),
  recordingMode: z.enum(RECORDING_MODES),
  retentionDays: z.number().int().min(1).max(3650).optional(),
  siteId: z.string().uuid().optional(),
  /** Record the camera's sound and send it live (on unless switched off; recording sound is regulated in places). */
  recordSound: z.boolean().optional(),
});
export type CreateCameraInput = z.infer<typeof createCameraSchema>;

/**
 * What `POST /api/v1/cameras` accepts: a source as stored, or an ONVIF device and its chosen
 * profiles, which the server turns into the RTSP source and substream before saving.
 */
export const createCameraRequestSchema = createCameraSchema.extend({
  source: z.discriminatedUnion('type', [...cameraSourceInputSchema.options, onvifSourceInputSchema]),
});
export type CreateCameraRequest = z.infer<typeof createCameraRequestSchema>;

export const updateCameraSchema = createCameraSchema
  .partial()
  .extend({
    /** The site it belongs to (the `vms` plan); null = none. */
    siteId: z.string().uuid().nullable().optional(),
    enabled: z.boolean().optional(),
    motion: motionSettingsSchema.optional(),
    /** The arming schedule (null: always armed); scheduleRecording: record only while armed. */
    scheduleId: z.string().uuid().nullable().optional(),
    scheduleRecording: z.boolean().optional(),
    eventSeverity: eventSeveritySettingsSchema.optional(),
    /** AI detection: replaces the whole setting; enabling needs the plan's aiAccess. */
    ai: cameraAiSettingsSchema.optional(),
  })
  .strict();
export type UpdateCameraInput = z.infer<typeof updateCameraSchema>;

/** As the API returns a camera: credentials masked, the password never present. */
export const cameraSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  source: z.object({
    type: z.enum(['rtsp', 'mjpeg', 'test-pattern']),
    /** With any user:password in it shown as "user:***". */
    url: z.string().nullable(),
    username: z.string().nullable(),
    hasPassword: z.boolean(),
  }),
  substreamUrl: z.string().nullable(),
  /** Added through ONVIF: the device and what it offers; null for a camera added by its stream address. */
  onvif: cameraOnvifSchema.nullable(),
  recordingMode: z.enum(RECORDING_MODES),
  retentionDays: z.number(),
  siteId: z.string().nullable(),
  enabled: z.boolean(),
  status: z.enum(CAMERA_STATUSES),
  lastError: z.string().nullable(),
  statusChangedAt: isoDate.nullable(),
  video: z.object({
    codec: z.string().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    fps: z.number().nullable(),
    /** RFC 6381 codec string of what the camera sends (`hev1.1.6.L93.B0`): the browser asks itself whether it decodes it. */
    codecString: z.string().nullable(),
    /** The profile and level of its parameter sets ("Main", "3.1"). */
    profile: z.string().nullable(),
    level: z.string().nullable(),
  }),
  recordSound: z.boolean(),
  /**
   * The sound the camera sends: ffprobe's codec name (aac, pcm_mulaw, pcm_alaw, opus…), 'none'
   * when it sends none, null until the recorder has looked. Recorded as AAC either way.
   */
  audio: z.object({ codec: z.string().nullable(), sampleRate: z.number().nullable() }),
  motion: motionSettingsSchema,
  scheduleId: z.string().nullable(),
  scheduleRecording: z.boolean(),
  eventSeverity: eventSeveritySettingsSchema,
  /** AI detection settings, defaults filled in. */
  ai: cameraAiSettingsSchema,
  /** Armed now (by its schedule, or by hand), and when that changes next (null: not foreseen). */
  armed: z.boolean(),
  armedUntil: isoDate.nullable(),
  /** Set by hand, until a time (then the schedule again). */
  armOverride: z.object({ armed: z.boolean(), until: isoDate }).nullable(),
  /** Notifications to people held back until then; null: not snoozed. */
  notificationsSnoozedUntil: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Camera = z.infer<typeof cameraSchema>;

/**
 * The workspace's cameras against its plan's limit, so the list can say "10 of 10 cameras" before
 * an add is refused. Null for a member limited to some cameras (the workspace's count is not theirs).
 */
export const cameraQuotaSchema = z.object({ used: z.number().int(), max: z.number().int() });
export type CameraQuota = z.infer<typeof cameraQuotaSchema>;
export const cameraListSchema = pageSchema(cameraSchema).extend({ quota: cameraQuotaSchema.nullable() });
export type CameraList = z.infer<typeof cameraListSchema>;

export const probeResultSchema = z.object({
  ok: z.boolean(),
  codec: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  fps: z.number().nullable(),
  /** The camera's sound (codec and rate as ffprobe names them); null when it sends none (or the test failed). */
  audio: z.object({ codec: z.string(), sampleRate: z.number().nullable() }).nullable().default(null),
  /** Why it failed, in words a person can act on. */
  error: z.string().nullable(),
  /** The kind of failure (camera-failures.ts), when it is one of them. */
  errorCode: z.enum(CAMERA_FAILURE_CODES as [CameraFailureCode, ...CameraFailureCode[]]).optional(),
});
export type ProbeResult = z.infer<typeof probeResultSchema>;

export const recordingSchema = z.object({
  id: z.string(),
  cameraId: z.string(),
  kind: z.enum(['continuous', 'motion']),
  start: isoDate,
  end: isoDate,
  bytes: z.number(),
  protected: z.boolean(),
});
export type Recording = z.infer<typeof recordingSchema>;
