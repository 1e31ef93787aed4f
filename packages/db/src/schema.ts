import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EventSeveritySettings, Holiday, MotionSettings, Preferences, ScheduleRange } from '@vigil/shared';

/** createdAt/updatedAt on every row (spec §3: generic documents receive both stamps). */
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // No FK: the owner row is written in the same transaction, after the workspace.
  ownerId: uuid('owner_id').notNull(),
  /** IANA zone that schedules are read in (issue 9). */
  timeZone: text('time_zone').notNull().default('UTC'),
  ...stamps,
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    photoPath: text('photo_path'),
    role: text('role').notNull().default('user'),
    plan: text('plan').notNull().default('basic'),
    planStatus: text('plan_status').notNull().default('trial'),
    trialStartDate: timestamp('trial_start_date', { withTimezone: true }).notNull(),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    limits: jsonb('limits')
      .$type<{ maxCameras: number; maxRecordings: number; maxStorage: number; aiAnalysisQuota: number }>()
      .notNull(),
    usage: jsonb('usage')
      .$type<{ camerasCount: number; recordingsCount: number; storageUsed: number; aiAnalysisUsed: number }>()
      .notNull(),
    aiAccess: boolean('ai_access').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_workspace_idx').on(t.workspaceId),
  ],
);

/** Kept apart from users so a password hash is never selected with the document. */
export const credentials = pgTable('credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  ...stamps,
});

/** Server-side sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ...stamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ...stamps,
});

/**
 * Attempt counters per key (an account, a device, an address; sign-in, sign-up, reset), shared by
 * every server process: `failures` counts within the window, and `blocked_until` holds the growing
 * delay a key waits after too many (see auth/throttle.ts).
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  ...stamps,
});

/** Installation-wide settings an administrator changes at run time (Admin › Settings), one row per key. */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...stamps,
});

/** Every email Vigil sends; on the embedded default this is the only transport. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    transport: text('transport').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/* ── Video (issue 3) ─────────────────────────────────────────────────────────────────── */

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
    /** 'continuous' | 'motion' | 'off' */
    recordingMode: text('recording_mode').notNull().default('continuous'),
    retentionDays: integer('retention_days').notNull().default(30),
    siteId: uuid('site_id'),
    enabled: boolean('enabled').notNull().default(true),
    /** 'online' | 'offline' | 'reconnecting' | 'disabled' */
    status: text('status').notNull().default('offline'),
    lastError: text('last_error'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    videoCodec: text('video_codec'),
    width: integer('width'),
    height: integer('height'),
    fps: integer('fps'),
    /** Motion detection settings as saved (defaults filled in when read: MOTION_DEFAULTS). */
    motion: jsonb('motion').$type<Partial<MotionSettings>>().notNull().default({}),
    /** Arming schedule; none = always armed. */
    scheduleId: uuid('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    /** Record only while armed (the schedule then also says when the camera records). */
    scheduleRecording: boolean('schedule_recording').notNull().default(false),
    /** Per-kind severity overrides (DEFAULT_EVENT_SEVERITY otherwise). */
    eventSeverity: jsonb('event_severity').$type<EventSeveritySettings>().notNull().default({}),
    /** Armed or disarmed by hand until armOverrideUntil (then the schedule again). */
    armOverride: boolean('arm_override'),
    armOverrideUntil: timestamp('arm_override_until', { withTimezone: true }),
    ...stamps,
  },
  (t) => [index('cameras_workspace_idx').on(t.workspaceId, t.createdAt)],
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
 * Something that happened (issue 9): motion, a camera going offline or back, a gap in recording,
 * footage pruned by the plan. Listed newest first by (start_at, id), keyset paged.
 */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Null for workspace-wide events (storage.pruned). */
    cameraId: uuid('camera_id').references(() => cameras.id, { onDelete: 'cascade' }),
    /** EVENT_KINDS */
    kind: text('kind').notNull(),
    /** 'alert' | 'info' */
    severity: text('severity').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    /** Null while it lasts. */
    endAt: timestamp('end_at', { withTimezone: true }),
    armed: boolean('armed').notNull().default(false),
    zones: text('zones').array().notNull().default(sql`'{}'::text[]`),
    /** Storage key of its JPEG (made by the event-thumbnail job). */
    thumbnailKey: text('thumbnail_key'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by'),
    note: text('note'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ...stamps,
  },
  (t) => [
    index('events_workspace_start_idx').on(t.workspaceId, t.startAt.desc(), t.id.desc()),
    // The camera's own (its outages, and the cascade when it is deleted).
    index('events_camera_start_idx').on(t.cameraId, t.startAt.desc(), t.id.desc()),
    // Listing is always within a workspace: with it first, a camera's page is one ordered index range.
    index('events_workspace_camera_start_idx').on(t.workspaceId, t.cameraId, t.startAt.desc(), t.id.desc()),
    index('events_workspace_kind_start_idx').on(t.workspaceId, t.kind, t.startAt.desc(), t.id.desc()),
    // The alert center and "unacknowledged" filters read only these.
    index('events_alerts_idx').on(t.workspaceId, t.startAt.desc(), t.id.desc()).where(sql`severity = 'alert'`),
    index('events_unacknowledged_idx')
      .on(t.workspaceId, t.startAt.desc(), t.id.desc())
      .where(sql`acknowledged_at is null`),
  ],
);

/** The alert center's "read up to here" per person and workspace ("Mark all read"). */
export const alertReadMarks = pgTable(
  'alert_read_marks',
  {
    userId: uuid('user_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    readThrough: timestamp('read_through', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.workspaceId] })],
);

/** Alerts a person opened after their read mark. */
export const alertReads = pgTable(
  'alert_reads',
  {
    userId: uuid('user_id').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
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
    ...stamps,
  },
  (t) => [
    index('exports_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('exports_status_idx').on(t.status),
  ],
);

/**
 * Files a workspace uploaded through the spec §7 storage calls: what they weigh (usage.storageUsed
 * counts them against limits.maxStorage) and their content type, kept here rather than beside the
 * bytes so a reader never pairs one upload's body with another's type.
 */
export const workspaceFiles = pgTable(
  'workspace_files',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by'),
    ...stamps,
  },
  (t) => [uniqueIndex('workspace_files_path_idx').on(t.workspaceId, t.path)],
);

/**
 * The Vigil processes alive now (VIGIL_ROLES): each renews its row every few seconds. Recorders
 * count the live `record` nodes to know their fair share of cameras; a `serve` process finds the
 * internal address of the recorder that holds a camera here.
 */
export const vigilNodes = pgTable(
  'vigil_nodes',
  {
    id: uuid('id').primaryKey(),
    roles: text('roles').array().notNull(),
    internalUrl: text('internal_url').notNull(),
    hostname: text('hostname').notNull(),
    pid: integer('pid').notNull(),
    /** The job queue's worker ids this process runs (`work`): a lock held by any other is a dead worker's. */
    jobWorkers: text('job_workers').array().notNull().default(sql`'{}'::text[]`),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vigil_nodes_expires_idx').on(t.expiresAt)],
);

/**
 * Which recorder records a camera. One row per camera ever leased; `epoch` grows by one at every
 * change of holder, and every write a recorder makes for the camera (segment index, status) names
 * the epoch it holds: a recorder that lost the camera while paused finds its epoch gone and stops.
 */
export const cameraLeases = pgTable(
  'camera_leases',
  {
    cameraId: uuid('camera_id')
      .primaryKey()
      .references(() => cameras.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id'),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [index('camera_leases_holder_idx').on(t.holderId)],
);
