import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * The disk guard: each recorder keeps free space on its media folder's filesystem above a
 * threshold, the smaller of `percent` of the filesystem and `maxGb` (10^9 bytes), by deleting the
 * oldest unprotected footage of every workspace. Installation-wide; the environment gives the
 * defaults (DISK_GUARD_PERCENT, DISK_GUARD_MAX_GB), Admin › Settings overrides them.
 */
export const DISK_GUARD_DEFAULTS = { percent: 5, maxGb: 2 } as const;

export const diskGuardSettingsSchema = z
  .object({
    /** Percent of the media filesystem's size kept free (0.5–50). */
    percent: z.number().min(0.5).max(50),
    /** At most this many GB kept free, whatever the percentage says (0.1–10,000). */
    maxGb: z.number().min(0.1).max(10_000),
  })
  .strict();
export type DiskGuardSettings = z.infer<typeof diskGuardSettingsSchema>;

/** A recorder's media disk as its guard last saw it. */
export const diskStateSchema = z.object({
  mediaDir: z.string(),
  freeBytes: z.number(),
  thresholdBytes: z.number(),
  /** Recording is stopped on that recorder until space returns. */
  paused: z.boolean(),
});
export type DiskState = z.infer<typeof diskStateSchema>;

/**
 * An installation-level problem administrators must act on, raised by a process and cleared by it
 * when the problem is gone. `disk.only-protected`: a recorder's media folder is at its threshold
 * and only protected footage is left to delete.
 */
export const installationAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(['disk.only-protected']),
  /** The host name of the process that raised it. */
  hostname: z.string(),
  since: isoDate,
  disk: diskStateSchema,
});
export type InstallationAlert = z.infer<typeof installationAlertSchema>;
export const installationAlertsSchema = z.object({ items: z.array(installationAlertSchema) });
