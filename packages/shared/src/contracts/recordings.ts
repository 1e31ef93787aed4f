import { z } from 'zod';
import { recordingSchema } from './cameras.ts';
import { isoDate } from './common.ts';

/** Playback contract: recordings list, day timeline, protect flag. */

/** A range query may span at most this many days (it reads the segment index). */
export const RECORDINGS_MAX_RANGE_DAYS = 31;
/** Two segments further apart than this are not contiguous: a gap on the timeline, a discontinuity in HLS. */
export const SEGMENT_GAP_SECONDS = 2;

export const recordingsQuerySchema = z.object({
  cameraId: z.string().uuid(),
  from: z.string().max(40),
  to: z.string().max(40),
});

export const recordingsListSchema = z.object({ items: z.array(recordingSchema) });

export const updateRecordingSchema = z.object({ protected: z.boolean().optional() }).strict();
export type UpdateRecordingInput = z.infer<typeof updateRecordingSchema>;

export const timelineQuerySchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    // A real calendar day in the years footage can have: 2026-02-30 and 9999-12-31 are not.
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().startsWith(d) && d >= '1970-01-01' && d <= '2199-12-31';
    }, 'not a day between 1970 and 2199'),
  tz: z.string().max(64).optional(),
});

export const timeSpanSchema = z.object({ start: isoDate, end: isoDate });
export type TimeSpan = z.infer<typeof timeSpanSchema>;

export const timelineSchema = z.object({
  day: z.string(),
  /** The local day as UTC instants (23 or 25 h long on a DST change). */
  start: isoDate,
  end: isoDate,
  spans: z.array(timeSpanSchema),
  recordings: z.array(recordingSchema),
});
export type Timeline = z.infer<typeof timelineSchema>;
