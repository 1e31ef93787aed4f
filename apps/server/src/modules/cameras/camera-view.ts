import type { schema } from '@vigil/db';
import {
  armingState,
  type Camera,
  cameraAiSettingsOf,
  type CameraStatus,
  type EventSeveritySettings,
  type Holiday,
  motionSettingsOf,
  type ScheduleRange,
} from '@vigil/shared';
import { isoText } from '../../lib/iso-text.ts';
import { redactCredentials } from '../../lib/redact.ts';

export type CameraRow = typeof schema.cameras.$inferSelect;

/** Parses a stream URL; null when it is not one (the contract already checked inputs). */
function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Cameras are often configured as "rtsp://user:pass@host/…". The credentials move out of the
 * URL (the password is sealed apart), so the stored URL never carries a secret.
 */
export function splitCredentials(url: string): { url: string; username?: string; password?: string } {
  const u = parse(url);
  if (!u || (!u.username && !u.password)) return { url };
  const username = u.username ? decodeURIComponent(u.username) : undefined;
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.username = '';
  u.password = '';
  return { url: u.toString(), username, password };
}

/** Any userinfo left in a URL (a substream, a legacy row) is shown as "user:***". */
export function maskUrl(url: string | null): string | null {
  if (url === null) return null;
  const u = parse(url);
  if (!u) return url.replace(/\/\/[^/@]*@/, '//***@');
  if (!u.username && !u.password) return url;
  const user = u.username || '';
  u.username = '';
  u.password = '';
  return u.toString().replace('//', `//${user}${user ? ':' : ''}***@`);
}

/** The URL a probe or the recorder opens: credentials put back in, percent-encoded. */
export function withCredentials(url: string, username: string | null, password: string | null): string {
  const u = parse(url);
  if (!u || (!username && !password)) return url;
  u.username = encodeURIComponent(username ?? '');
  u.password = encodeURIComponent(password ?? '');
  return u.toString();
}

/** A URL whose password is sealed apart, marked as having one (maskUrl then shows "user:***"). */
function withPasswordMark(url: string): string {
  const u = parse(url);
  if (!u) return url;
  u.password = 'sealed';
  return u.toString();
}

/** What a camera's arming is computed from: the workspace's zone and its schedules. */
export interface ArmingContext {
  timeZone: string;
  schedules: Map<string, { ranges: ScheduleRange[]; holidays: Holiday[] }>;
}

function arming(row: CameraRow, ctx: ArmingContext, now: Date) {
  const override =
    row.armOverride !== null && row.armOverrideUntil && row.armOverrideUntil > now
      ? { armed: row.armOverride, until: row.armOverrideUntil }
      : null;
  const schedule = row.scheduleId ? (ctx.schedules.get(row.scheduleId) ?? null) : null;
  const state = armingState({ schedule, timeZone: ctx.timeZone, override }, now);
  return {
    armed: state.armed,
    armedUntil: state.until ? isoText(state.until) : null,
    armOverride: override && { armed: override.armed, until: isoText(override.until) },
    notificationsSnoozedUntil:
      row.notifySnoozedUntil && row.notifySnoozedUntil > now ? isoText(row.notifySnoozedUntil) : null,
  };
}

/** Row → API shape: the password never leaves, only whether there is one. */
export function toCamera(row: CameraRow, ctx: ArmingContext, now = new Date()): Camera {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    name: row.name,
    source: {
      type: row.sourceType as Camera['source']['type'],
      url: maskUrl(row.sourceUrl),
      username: row.sourceUsername,
      hasPassword: row.sourcePasswordEnc !== null,
    },
    substreamUrl: maskUrl(
      row.substreamPasswordEnc && row.substreamUrl ? withPasswordMark(row.substreamUrl) : row.substreamUrl,
    ),
    onvif: row.onvif
      ? {
          address: new URL(row.onvif.deviceUrl).host,
          profileToken: row.onvif.profileToken,
          ptz: row.onvif.ptz,
          events: row.onvif.events,
          audioBackchannel: row.onvif.audioBackchannel,
        }
      : null,
    recordingMode: row.recordingMode as Camera['recordingMode'],
    retentionDays: row.retentionDays,
    siteId: row.siteId,
    enabled: row.enabled,
    status: row.status as CameraStatus,
    // Redacted again on the way out: rows written before redaction existed.
    lastError: row.lastError === null ? null : redactCredentials(row.lastError),
    statusChangedAt: row.statusChangedAt ? isoText(row.statusChangedAt) : null,
    video: {
      codec: row.videoCodec,
      width: row.width,
      height: row.height,
      fps: row.fps,
      codecString: row.videoCodecString,
      profile: row.videoProfile,
      level: row.videoLevel,
    },
    recordSound: row.recordSound,
    audio: { codec: row.audioCodec, sampleRate: row.audioSampleRate },
    motion: motionSettingsOf(row.motion),
    scheduleId: row.scheduleId,
    scheduleRecording: row.scheduleRecording,
    eventSeverity: row.eventSeverity as EventSeveritySettings,
    ai: cameraAiSettingsOf(row.ai),
    ...arming(row, ctx, now),
    createdAt: isoText(row.createdAt),
    updatedAt: isoText(row.updatedAt),
  };
}
