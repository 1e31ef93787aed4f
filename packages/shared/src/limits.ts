import { DEFAULT_LIMITS } from './constants.ts';

/**
 * A plan's storage and recordings limits as Vigil applies them: 0 or absent means the spec's
 * default (10 GB, 100 recordings). GB are 10^9 bytes, as usage.storageUsed counts them.
 */
export function effectiveLimits(limits: Partial<Record<string, unknown>> | undefined) {
  const positive = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min;
  const gb = positive(limits?.maxStorage, Number.MIN_VALUE) ? limits.maxStorage : DEFAULT_LIMITS.maxStorage;
  const count = positive(limits?.maxRecordings, 1) ? Math.floor(limits.maxRecordings) : DEFAULT_LIMITS.maxRecordings;
  return { maxStorageGb: gb, maxStorageBytes: Math.round(gb * 1e9), maxRecordings: count };
}

/**
 * The message of a write refused by limits.maxStorage, in the plan's words: what the plan allows and
 * the ways on. Refused as failed-precondition: waiting does not free storage.
 */
export function storageLimitMessage(maxStorageGb: number): string {
  return `Your plan allows ${maxStorageGb} GB of storage, and it is full. Delete files, exports or recordings, or upgrade.`;
}
