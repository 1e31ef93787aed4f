import type { PruneNotice } from '@vigil/shared';

/** Several prunes gathered in one notice read "since …"; one prune reads "on …". */
const SAME_MOMENT_MS = 60_000;

export function noticeKey(n: Pick<PruneNotice, 'reason' | 'firstAt' | 'lastAt'>): string {
  const spread = Date.parse(n.lastAt) - Date.parse(n.firstAt) > SAME_MOMENT_MS;
  return `recordings.notice.${n.reason}${spread ? 'Since' : ''}`;
}
