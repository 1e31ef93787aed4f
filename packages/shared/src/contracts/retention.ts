import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * Retention: when the plan's maxStorage or maxRecordings made the recorder delete the
 * oldest footage, the recordings page says so; so too when the disk guard deleted it because the
 * recorder's disk was nearly full (`diskSpace`). Prunes of one reason within a day add up in one notice.
 */

/** The recordings page shows a notice this long after the last prune it tells of. */
export const PRUNE_NOTICE_DAYS = 7;

export const pruneReasons = ['maxStorage', 'maxRecordings', 'diskSpace'] as const;
export type PruneReason = (typeof pruneReasons)[number];

export const pruneNoticeSchema = z.object({
  id: z.string(),
  reason: z.enum(pruneReasons),
  /** The limit that applied: GB (10^9 bytes) for maxStorage, a count for maxRecordings, the free-space threshold in GB for diskSpace. */
  limit: z.number(),
  /** Whole recordings that are gone (maxStorage may also trim the start of one). */
  recordingsRemoved: z.number().int(),
  bytesRemoved: z.number(),
  firstAt: isoDate,
  lastAt: isoDate,
});
export type PruneNotice = z.infer<typeof pruneNoticeSchema>;

/** At most one notice per reason: the latest. */
export const pruneNoticesSchema = z.object({ items: z.array(pruneNoticeSchema) });
export type PruneNotices = z.infer<typeof pruneNoticesSchema>;
