import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CameraAiSettings,
  CameraOnvifColumn,
  EventSeveritySettings,
  Holiday,
  MotionSettings,
  ScheduleRange,
  SiteContact,
} from '@vigil/shared';
import { stamps } from './stamps.ts';
import { workspaces } from './accounts.ts';

/** Cameras and their footage: the camera rows, arming schedules, recordings, the segment index, prune notices, exports. */

/** A camera of a workspace. The recorder reads enabled cameras and writes status back. */
export const cameras = pgTable(
  'cameras',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'rtsp' | 'mjpeg' | 'test-pattern' */
    sourceType: text('source_type').notNull(),
    sourceUrl: text('source_url'),
    sourceUsername: text('source_username'),
    /** AES-256-GCM ciphertext (lib/secrets.ts); never returned by the API. */
    sourcePasswordEnc: text('source_password_enc'),
    /** With at most a user name in it: the password is sealed apart, as the main stream's. */
    substreamUrl: text('substream_url'),
    /** The substream's password, sealed like sourcePasswordEnc; never returned by the API. */
    substreamPasswordEnc: text('substream_password_enc'),
    /** Added through ONVIF: where its device, PTZ and event services answer, and the profiles chosen. */
    onvif: jsonb('onvif').$type<CameraOnvifColumn>(),
    /** 'continuous' | 'motion' | 'off' */
    recordingMode: text('recording_mode').notNull().default('continuous'),
    retentionDays: integer('retention_days').notNull().default(30),
    /** The site it belongs to; null = none. */
    siteId: uuid('site_id').references((): AnyPgColumn => sites.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    /** 'online' | 'offline' | 'reconnecting' | 'disabled' */
    status: text('status').notNull().default('offline'),
    lastError: text('last_error'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    videoCodec: text('video_codec'),
    /** What the camera sends, read from its parameter sets: RFC 6381 codec string, profile, level. */
    videoCodecString: text('video_codec_string'),
    videoProfile: text('video_profile'),
    videoLevel: text('video_level'),
    width: integer('width'),
    height: integer('height'),
    fps: integer('fps'),
    /** Record the camera's sound with its picture, and send it live (where the law allows: README). */
    recordSound: boolean('record_sound').notNull().default(true),
    /**
     * The sound the camera sends, as ffprobe names it (aac, pcm_mulaw, pcm_alaw, opus…); 'none'
     * when it sends none; null until the recorder has looked. Decides copy (AAC) or conversion.
     */
    audioCodec: text('audio_codec'),
    audioSampleRate: integer('audio_sample_rate'),
    /** Motion detection settings as saved (defaults filled in when read: MOTION_DEFAULTS). */
    motion: jsonb('motion').$type<Partial<MotionSettings>>().notNull().default({}),
    /** AI detection settings as saved (defaults filled in when read: cameraAiSettingsOf). */
    ai: jsonb('ai').$type<Partial<CameraAiSettings>>().notNull().default({}),
    /** Arming schedule; none = always armed. */
    scheduleId: uuid('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    /** Record only while armed (the schedule then also says when the camera records). */
    scheduleRecording: boolean('schedule_recording').notNull().default(false),
    /** Per-kind severity overrides (DEFAULT_EVENT_SEVERITY otherwise). */
    eventSeverity: jsonb('event_severity').$type<EventSeveritySettings>().notNull().default({}),
    /** Armed or disarmed by hand until armOverrideUntil (then the schedule again). */
    armOverride: boolean('arm_override'),
    armOverrideUntil: timestamp('arm_override_until', { withTimezone: true }),
    /** Notifications to people are held back until then (webhooks and MQTT still receive). */
    notifySnoozedUntil: timestamp('notify_snoozed_until', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index('cameras_workspace_idx').on(t.workspaceId, t.createdAt),
    index('cameras_site_idx').on(t.siteId).where(sql`site_id is not null`),
  ],
);

/** A weekly arming schedule of a workspace (ranges per weekday in the workspace's zone, holidays). */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ranges: jsonb('ranges').$type<ScheduleRange[]>().notNull(),
    holidays: jsonb('holidays').$type<Holiday[]>().notNull().default([]),
    ...stamps,
  },
  (t) => [index('schedules_workspace_idx').on(t.workspaceId, t.name)],
);

/**
 * A recording (spec: usage.recordingsCount / limits.maxRecordings count these): one contiguous
 * clip of one camera — a motion clip, or a continuous span closed at a gap or after an hour.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cameraId: uuid('camera_id')
      .notNull()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** 'continuous' | 'motion' */
    kind: text('kind').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    // bigint: an hour of a 5 Mbit/s camera is already past int4.
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** Kept from pruning while set. */
    protected: boolean('protected').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('recordings_camera_start_idx').on(t.cameraId, t.startAt),
    // Retention prunes a workspace's oldest recordings first, and usage recounts scan its recordings.
    index('recordings_workspace_start_idx').on(t.workspaceId, t.startAt),
  ],
);

/**
 * Each camera's stored footage in bytes (the VMS dashboard shows storage per site for
 * thousands of cameras). Kept by a trigger on recordings (migration 0023), so no writer can
 * forget it and no page sums millions of recordings.
 */
export const cameraStorage = pgTable('camera_storage', {
  cameraId: uuid('camera_id')
    .primaryKey()
    .references(() => cameras.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** One media file on disk (~10 s of fragmented MP4), indexed so playback and export never list folders. */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cameraId: uuid('camera_id')
      .notNull()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    recordingId: uuid('recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Storage key, relative to the media root. */
    path: text('path').notNull(),
    /** Where the bytes are: 'local' (the media folder) or 's3' (the bucket, under the same key). */
    store: text('store').notNull().default('local'),
    /** Bytes of the file's own init (ftyp+moov) at its start: HLS byte ranges need it. */
    initBytes: integer('init_bytes').notNull().default(0),
    /**
     * A second copy: footage a recorder wrote while cut off from the database after another took
     * the camera over, overlapping footage already indexed. Kept (and pruned) like any segment,
     * never played: playback reads the primary footage, so nothing shows twice.
     */
    copy: boolean('copy').notNull().default(false),
    /**
     * The video as recorded (read from the file's avcC/hvcC): its RFC 6381 codec string
     * (`hev1.1.6.L93.B0`), profile and level. Null for footage indexed before they were kept.
     * Playback asks the browser whether it decodes the codec string, else plays an H.264 rendition.
     */
    codec: text('codec'),
    profile: text('profile'),
    level: text('level'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('segments_path_unique').on(t.path),
    index('segments_camera_start_idx').on(t.cameraId, t.startAt),
    // Retention: a workspace's oldest footage first (maxStorage), and the FK's ON DELETE SET NULL
    // plus "the segments of these recordings" would otherwise scan every segment.
    index('segments_workspace_start_idx').on(t.workspaceId, t.startAt),
    index('segments_recording_idx').on(t.recordingId),
  ],
);

/**
 * Footage retention removed because of the plan (maxStorage or maxRecordings), so the recordings
 * page can say so. Prunes of one reason within a day add up in one row instead of one per pass.
 */
export const pruneNotices = pgTable(
  'prune_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** 'maxStorage' | 'maxRecordings' */
    reason: text('reason').notNull(),
    /** The limit that applied at the latest prune: GB for maxStorage, a count for maxRecordings. */
    limitValue: doublePrecision('limit_value').notNull(),
    recordingsRemoved: integer('recordings_removed').notNull().default(0),
    bytesRemoved: bigint('bytes_removed', { mode: 'number' }).notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [index('prune_notices_workspace_last_idx').on(t.workspaceId, t.lastAt)],
);

/** A clip cut from the segment index with `ffmpeg -c copy`, kept as one MP4 for download. */
export const exports = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    cameraId: uuid('camera_id')
      .notNull()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').notNull(),
    fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
    toAt: timestamp('to_at', { withTimezone: true }).notNull(),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }),
    sha256: text('sha256'),
    /** Storage key, relative to the media root. */
    path: text('path'),
    error: text('error'),
    /** 'recorded' (the footage as recorded, stream-copied) | 'h264' (converted to H.264 for any player). */
    format: text('format').notNull().default('recorded'),
    ...stamps,
  },
  (t) => [
    index('exports_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('exports_status_idx').on(t.status),
  ],
);

/**
 * A site of a workspace (the `vms` plan): a building or customer location that groups
 * cameras. A camera belongs to at most one (`cameras.site_id`); members may be limited to sites
 * (`memberships.site_ids`); the site's default schedule and retention apply to its cameras.
 */
export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** IANA zone; null = the workspace's. */
    timezone: text('timezone'),
    contacts: jsonb('contacts').$type<SiteContact[]>().notNull().default([]),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    defaultScheduleId: uuid('default_schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    defaultRetentionDays: integer('default_retention_days'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('sites_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
    index('sites_tags_idx').using('gin', t.tags),
  ],
);
