import type {
  BulkChange,
  BulkChangeKind,
  BulkFilter,
  BulkOperationSummary,
  CameraStatus,
  CreateBulkOperationInput,
  RecordingMode,
} from '@vigil/shared';

/**
 * The bulk operations page's pure rules: the filter builder's fields → the API's filter, the
 * change form → one change, what the request names (the cameras picked, or the whole filter when
 * it matches more than the page shows), and how an operation reads in a sentence.
 */

export interface FilterState {
  /** '' = every site, 'none' = cameras of no site, else a site id. */
  site: string;
  tag: string;
  status: '' | CameraStatus;
  model: string;
  q: string;
}

export const EMPTY_FILTER: FilterState = { site: '', tag: '', status: '', model: '', q: '' };

export function toFilter(f: FilterState): BulkFilter {
  const out: BulkFilter = {};
  if (f.site === 'none') out.withoutSite = true;
  else if (f.site) out.siteIds = [f.site];
  if (f.tag) out.tags = [f.tag];
  if (f.status) out.status = [f.status];
  if (f.model) out.model = f.model;
  if (f.q.trim()) out.q = f.q.trim();
  return out;
}

export interface ChangeState {
  kind: BulkChangeKind;
  recordingMode: RecordingMode;
  retentionDays: string;
  /** '' = no schedule. */
  scheduleId: string;
  /** '' = unchanged. */
  motionEnabled: '' | 'on' | 'off';
  /** '' = unchanged. */
  sensitivity: string;
  /** '' = out of any site. */
  siteId: string;
}

export const INITIAL_CHANGE: ChangeState = {
  kind: 'recording-mode',
  recordingMode: 'motion',
  retentionDays: '30',
  scheduleId: '',
  motionEnabled: '',
  sensitivity: '',
  siteId: '',
};

const wholeIn = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
};

/** The change the form says, or null while it is incomplete (the Apply button waits). */
export function toChange(s: ChangeState, selected: number): BulkChange | null {
  switch (s.kind) {
    case 'enable':
    case 'disable':
    case 'test-connection':
      return { kind: s.kind };
    case 'recording-mode':
      return { kind: 'recording-mode', recordingMode: s.recordingMode };
    case 'retention': {
      const days = wholeIn(s.retentionDays, 1, 3650);
      return days === null ? null : { kind: 'retention', retentionDays: days };
    }
    case 'schedule':
      return { kind: 'schedule', scheduleId: s.scheduleId || null };
    case 'motion': {
      const motion: { enabled?: boolean; sensitivity?: number } = {};
      if (s.motionEnabled) motion.enabled = s.motionEnabled === 'on';
      if (s.sensitivity.trim()) {
        const n = wholeIn(s.sensitivity, 1, 100);
        if (n === null) return null;
        motion.sensitivity = n;
      }
      return Object.keys(motion).length ? { kind: 'motion', motion } : null;
    }
    case 'move-to-site':
      return { kind: 'move-to-site', siteId: s.siteId || null };
    case 'delete':
      return selected > 0 ? { kind: 'delete', expectedCount: selected } : null;
  }
}

/** What the page shows and the user has picked: the matched count and the shown cameras they unticked. */
export interface Selection {
  count: number;
  shownIds: readonly string[];
  excluded: ReadonlySet<string>;
}

/** How many cameras the operation will reach. */
export function selectedCount(s: Selection): number {
  return s.excluded.size === 0 ? s.count : s.shownIds.filter((id) => !s.excluded.has(id)).length;
}

/**
 * The request's cameras: those shown and ticked, by id (what you see is what changes), unless
 * every one is ticked and the filter matches more than the page shows: then the filter itself.
 */
export function requestBody(filter: BulkFilter, s: Selection, change: BulkChange): CreateBulkOperationInput {
  if (s.excluded.size === 0 && s.count > s.shownIds.length) return { filter, change };
  return { cameraIds: s.shownIds.filter((id) => !s.excluded.has(id)), change };
}

/** Names the change's references for a sentence. */
export interface Names {
  schedule(id: string): string | undefined;
  site(id: string): string | undefined;
}

/** i18n key and values of a change in a sentence ("Recording mode: on motion"). */
export function describeChange(
  c: BulkChange,
  names: Names,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  switch (c.kind) {
    case 'recording-mode':
      return t('bulk.describe.recording-mode', { mode: t(`bulk.mode.${c.recordingMode}`) });
    case 'retention':
      return t('bulk.describe.retention', { count: c.retentionDays });
    case 'schedule':
      return c.scheduleId
        ? t('bulk.describe.schedule', { name: names.schedule(c.scheduleId) ?? t('bulk.describe.unknownSchedule') })
        : t('bulk.describe.noSchedule');
    case 'motion': {
      const parts: string[] = [];
      if (c.motion.enabled !== undefined) parts.push(t(c.motion.enabled ? 'bulk.motion.on' : 'bulk.motion.off'));
      if (c.motion.sensitivity !== undefined)
        parts.push(t('bulk.motion.sensitivityIs', { value: c.motion.sensitivity }));
      if (c.motion.minArea !== undefined) parts.push(t('bulk.motion.minAreaIs', { value: c.motion.minArea }));
      if (c.motion.minSeconds !== undefined) parts.push(t('bulk.motion.minSecondsIs', { value: c.motion.minSeconds }));
      return t('bulk.describe.motion', { what: parts.join(', ') });
    }
    case 'move-to-site':
      return c.siteId
        ? t('bulk.describe.move', { name: names.site(c.siteId) ?? t('bulk.describe.unknownSite') })
        : t('bulk.describe.noSite');
    default:
      return t(`bulk.kind.${c.kind}`);
  }
}

/** Still moving: the page keeps listening (and polls slowly, in case a notice was missed). */
export const isActive = (op: Pick<BulkOperationSummary, 'status'>) => op.status === 'queued' || op.status === 'running';

export function percentDone(op: Pick<BulkOperationSummary, 'progress'>): number {
  const { total, processed } = op.progress;
  return total === 0 ? 100 : Math.round((processed / total) * 100);
}
