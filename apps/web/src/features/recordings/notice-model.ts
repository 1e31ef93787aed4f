import type { PruneNotice } from '@vigil/shared';

/**
 * The words of a retention notice (pure, so it is tested without a browser). Sizes use decimal
 * units like the plan's maxStorage (GB = 10^9 bytes) and the locale's own unit names (Go in French).
 */
export function formatSize(bytes: number, locale: string): string {
  const units = [
    [1e9, 'gigabyte'],
    [1e6, 'megabyte'],
    [1e3, 'kilobyte'],
  ] as const;
  for (const [size, unit] of units) {
    if (bytes >= size) {
      return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bytes / size);
    }
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte' }).format(bytes);
}

/** Several prunes gathered in one notice read "since …"; one prune reads "on …". */
const SAME_MOMENT_MS = 60_000;

export function noticeKey(n: Pick<PruneNotice, 'reason' | 'firstAt' | 'lastAt'>): string {
  const spread = Date.parse(n.lastAt) - Date.parse(n.firstAt) > SAME_MOMENT_MS;
  return `recordings.notice.${n.reason}${spread ? 'Since' : ''}`;
}
