import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { SUPPORTED_LANGUAGES, THEMES, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { isoDate } from './common.ts';
import { PLAN_STATUSES } from '../plan-status.ts';

export const emailSchema = z.string().trim().toLowerCase().max(254).email();
export const passwordSchema = z.string().min(MIN_PASSWORD_LENGTH).max(256);
export const displayNameSchema = z.string().trim().min(1).max(80);
/** Intl knows the zone; remembered per name because building a formatter is costly. */
const zoneChecks = new Map<string, boolean>();
export function isTimeZone(tz: string): boolean {
  let ok = zoneChecks.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      ok = true;
    } catch {
      ok = false;
    }
    if (zoneChecks.size < 1000) zoneChecks.set(tz, ok);
  }
  return ok;
}
export const timezoneSchema = z.string().max(64).refine(isTimeZone, 'unknown timezone');

/** E.164: a plus, the country code and the number, 8 to 15 digits in all (shape only; phone.ts checks the plan). */
export const e164Schema = z
  .string()
  .regex(/^\+[1-9]\d{6,14}$/, 'a phone number in international form, like +33612345678');
/**
 * Spec §3 notifications, plus `digest`: one email a day instead of one per alert, and
 * `phoneNumber`: where SMS go.
 */
export const notificationPrefsSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  sms: z.boolean(),
  digest: z.boolean().optional(),
  phoneNumber: e164Schema.nullable().optional(),
});
export const preferencesSchema = z.object({
  language: z.enum(SUPPORTED_LANGUAGES),
  theme: z.enum(THEMES),
  timezone: timezoneSchema,
  notifications: notificationPrefsSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const limitsSchema = z.object({
  maxCameras: z.number(),
  maxRecordings: z.number(),
  maxStorage: z.number(),
  aiAnalysisQuota: z.number(),
});
export const usageSchema = z.object({
  camerasCount: z.number(),
  recordingsCount: z.number(),
  storageUsed: z.number(),
  aiAnalysisUsed: z.number(),
});

/** A plan's key (`basic`, `vms` and any the administrator adds); its status as derived at the time of reading. */
export const planStatusSchema = z.enum(PLAN_STATUSES);

/** The user document of spec §3, as the API returns it. */
export const userDocSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string().nullable(),
  role: z.enum(ROLES),
  plan: z.string(),
  planStatus: planStatusSchema,
  trialStartDate: isoDate,
  trialEndDate: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  lastLoginAt: isoDate.nullable(),
  preferences: preferencesSchema,
  limits: limitsSchema,
  usage: usageSchema,
  aiAccess: z.boolean(),
  /** The plan's `vms` flag: the multi-site area. */
  vmsAccess: z.boolean(),
  disabled: z.boolean(),
  workspaceId: z.string(),
});
export type UserDoc = z.infer<typeof userDocSchema>;

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  /** Whether viewers may export footage (the owner and managers decide, default true). */
  viewersMayExport: z.boolean(),
  /** Whether a new camera starts with motion alerts on (Schedules; a test pattern always starts quiet). */
  newCameraMotionAlerts: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** PATCH /api/v1/workspaces/:id (owner and managers of that workspace). */
export const updateWorkspaceSchema = z
  .object({ viewersMayExport: z.boolean().optional(), newCameraMotionAlerts: z.boolean().optional() })
  .strict();
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceSchema>;

export const meSchema = z.object({
  user: userDocSchema,
  workspace: workspaceSchema,
  /**
   * Whether this person has two-factor authentication on, and whether the session's
   * workspace requires it (then, without it, only enrolling is allowed: the app sends them to /security).
   */
  twoFactor: z.object({ enabled: z.boolean(), required: z.boolean() }).optional(),
});
export type Me = z.infer<typeof meSchema>;

export const updateProfileSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    preferences: z
      .object({
        language: z.enum(SUPPORTED_LANGUAGES).optional(),
        theme: z.enum(THEMES).optional(),
        timezone: timezoneSchema.optional(),
        notifications: notificationPrefsSchema.partial().strict().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
