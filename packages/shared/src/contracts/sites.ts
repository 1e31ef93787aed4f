import { z } from 'zod';
import { isValidTimeZone } from '../time-zone.ts';
import { isoDate } from './common.ts';
import { CAMERA_STATUSES } from './cameras.ts';
/**
 * Sites of the multi-site VMS area (the `vms` plan). A site groups cameras (a camera in
 * at most one), has an address, coordinates, a time zone, contacts, notes and tags; members may
 * be limited to sites; its default schedule and retention apply to its cameras.
 */
export * from './site-values.ts';
import { SITE_NAME_MAX, SITE_TAGS_MAX, SITE_TAG_MAX, SITE_CONTACTS_MAX, SITE_NOTES_MAX } from './site-values.ts';

const trimmedOrNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((s) => (s === '' ? null : s));

export const siteContactSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    phone: z
      .string()
      .trim()
      .max(32)
      .regex(/^[+0-9 ().-]*$/, 'is not a phone number')
      .optional(),
    email: z.string().trim().email().max(254).optional().or(z.literal('')),
  })
  .strict();
export type SiteContact = z.infer<typeof siteContactSchema>;

/** Tags are compared lower-case; the same tag twice is kept once. */
export const siteTagSchema = z
  .string()
  .trim()
  .min(1)
  .max(SITE_TAG_MAX)
  .regex(/^[^,\s][^,]*$/, 'may not contain commas')
  .transform((t) => t.toLowerCase());

const latitude = z.number().min(-90, 'must be between -90 and 90').max(90, 'must be between -90 and 90');
const longitude = z.number().min(-180, 'must be between -180 and 180').max(180, 'must be between -180 and 180');
export const siteTimeZoneSchema = z.string().min(1).max(64).refine(isValidTimeZone, 'is not a known time zone');

export const createSiteSchema = z
  .object({
    name: z.string().trim().min(1).max(SITE_NAME_MAX),
    address: trimmedOrNull(300).optional(),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    timezone: siteTimeZoneSchema.nullable().optional(),
    contacts: z.array(siteContactSchema).max(SITE_CONTACTS_MAX).optional(),
    notes: trimmedOrNull(SITE_NOTES_MAX).optional(),
    tags: z
      .array(siteTagSchema)
      .max(SITE_TAGS_MAX)
      .transform((ts) => [...new Set(ts)])
      .optional(),
  })
  .strict()
  .refine((s) => (s.latitude == null) === (s.longitude == null), {
    message: 'latitude and longitude go together',
    path: ['longitude'],
  });
export type CreateSiteInput = z.infer<typeof createSiteSchema>;

export const updateSiteSchema = z
  .object({
    name: z.string().trim().min(1).max(SITE_NAME_MAX).optional(),
    address: trimmedOrNull(300).optional(),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    timezone: siteTimeZoneSchema.nullable().optional(),
    contacts: z.array(siteContactSchema).max(SITE_CONTACTS_MAX).optional(),
    notes: trimmedOrNull(SITE_NOTES_MAX).optional(),
    tags: z
      .array(siteTagSchema)
      .max(SITE_TAGS_MAX)
      .transform((ts) => [...new Set(ts)])
      .optional(),
    /** Applied to every camera of the site now and to each camera that joins it later; null = none. */
    defaultScheduleId: z.string().uuid().nullable().optional(),
    defaultRetentionDays: z.number().int().min(1).max(3650).nullable().optional(),
  })
  .strict()
  .refine((s) => (s.latitude === undefined) === (s.longitude === undefined), {
    message: 'latitude and longitude go together',
    path: ['longitude'],
  })
  .refine((s) => Object.keys(s).length > 0, { message: 'nothing to change' });
export type UpdateSiteInput = z.infer<typeof updateSiteSchema>;

/** The site's cameras at a glance (the dashboard's and the list's figures). */
export const siteCountsSchema = z.object({
  cameras: z.number(),
  online: z.number(),
  offline: z.number(),
  disabled: z.number(),
  /** Alerts not acknowledged yet. */
  openAlerts: z.number(),
  storageBytes: z.number(),
});
export type SiteCounts = z.infer<typeof siteCountsSchema>;

export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().nullable(),
  contacts: z.array(siteContactSchema),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  defaultScheduleId: z.string().nullable(),
  defaultRetentionDays: z.number().nullable(),
  counts: siteCountsSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Site = z.infer<typeof siteSchema>;

export const siteListQuerySchema = z
  .object({
    tag: siteTagSchema.optional(),
    q: z.string().trim().max(120).optional(),
  })
  .strict();
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;

/** How much a site needs attention: offline cameras weigh most, then open alerts (the dashboard's order). */
export function siteAttention(c: SiteCounts): number {
  return c.offline * 1000 + Math.min(c.openAlerts, 999);
}

/** Site details: health over this month (uptime from camera.offline outages). */
export const siteHealthSchema = z.object({
  camerasOnline: z.number(),
  cameras: z.number(),
  storageBytes: z.number(),
  lastRecordingAt: isoDate.nullable(),
  openAlerts: z.number(),
  /** Share of camera-time online since the month began (0–1); null without cameras. */
  uptimeThisMonth: z.number().nullable(),
});
export type SiteHealth = z.infer<typeof siteHealthSchema>;

export const siteCameraSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMERA_STATUSES),
  enabled: z.boolean(),
});

export const siteDetailsSchema = siteSchema.extend({
  health: siteHealthSchema,
  cameras: z.array(siteCameraSchema),
});
export type SiteDetails = z.infer<typeof siteDetailsSchema>;

/** Who of the team may see the site: members limited to sites (or cameras) gain or lose it. */
export const siteAccessSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      displayName: z.string(),
      email: z.string(),
      role: z.string(),
      /** Sees every camera of the workspace (owner, or a member without limits): nothing to grant. */
      unlimited: z.boolean(),
      granted: z.boolean(),
    }),
  ),
});
export type SiteAccess = z.infer<typeof siteAccessSchema>;
export const updateSiteAccessSchema = z.object({ userIds: z.array(z.string().uuid()).max(1000) }).strict();

/** Move cameras into the site (or, with siteId null on the camera, out of it). */
export const siteCamerasSchema = z
  .object({
    add: z.array(z.string().uuid()).max(5000).optional(),
    remove: z.array(z.string().uuid()).max(5000).optional(),
  })
  .strict()
  .refine((v) => (v.add?.length ?? 0) + (v.remove?.length ?? 0) > 0, { message: 'nothing to change' });
export type SiteCamerasInput = z.infer<typeof siteCamerasSchema>;
