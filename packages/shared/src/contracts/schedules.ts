import { z } from 'zod';
import { isoDate } from './common.ts';
import { rangeProblems } from '../schedule.ts';
import { isValidTimeZone } from '../time-zone.ts';

/** Weekly arming schedules, in the workspace's time zone. */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM');
const hhmmEnd = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be HH:MM (24:00 allowed)');
const ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'is not a date');

export const scheduleRangeSchema = z.object({ day: z.number().int().min(0).max(6), start: hhmm, end: hhmmEnd });
export type ScheduleRange = z.infer<typeof scheduleRangeSchema>;
export const holidaySchema = z
  .object({ from: ymd, to: ymd, armed: z.boolean(), name: z.string().trim().max(80).optional() })
  .refine((h) => h.from <= h.to, { message: 'must not be before from', path: ['to'] });
export type Holiday = z.infer<typeof holidaySchema>;

const rangesSchema = z
  .array(scheduleRangeSchema)
  .max(7 * 24)
  .superRefine((ranges, ctx) => {
    for (const p of rangeProblems(ranges)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.index] });
  });

export const createScheduleSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    ranges: rangesSchema,
    holidays: z.array(holidaySchema).max(200).optional(),
  })
  .strict();
export type CreateScheduleInput = z.infer<typeof createScheduleSchema>;
export const updateScheduleSchema = createScheduleSchema.partial().strict();

export const scheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  ranges: z.array(scheduleRangeSchema),
  holidays: z.array(holidaySchema),
  /** Cameras that follow it. */
  cameraCount: z.number(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const timeZoneSchema = z.string().min(1).max(64).refine(isValidTimeZone, 'is not a known time zone');
export const scheduleSettingsSchema = z.object({ timeZone: z.string() });
export const updateScheduleSettingsSchema = z.object({ timeZone: timeZoneSchema }).strict();

/** POST /api/v1/cameras/:id/arming: arm or disarm by hand for a while, or go back to the schedule. */
export const ARM_MAX_MINUTES = 7 * 24 * 60;
export const armCameraSchema = z.union([
  z.object({ armed: z.boolean(), minutes: z.number().int().min(1).max(ARM_MAX_MINUTES) }).strict(),
  z.object({ resume: z.literal(true) }).strict(),
]);
export type ArmCameraInput = z.infer<typeof armCameraSchema>;
