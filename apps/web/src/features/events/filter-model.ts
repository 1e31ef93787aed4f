import { EVENT_KINDS, EVENT_SEVERITIES, type EventFilter, type EventKind, type EventSeverity } from '@vigil/shared';

/** What the list shows, as kept in the URL query string (a link reopens the same view). */
export interface EventFilters {
  cameraId: string;
  kind: EventKind | '';
  severity: EventSeverity | '';
  /** ISO instants, or '' for open-ended. */
  from: string;
  to: string;
  acknowledged: 'all' | 'yes' | 'no';
}

export const EMPTY_FILTERS: EventFilters = {
  cameraId: '',
  kind: '',
  severity: '',
  from: '',
  to: '',
  acknowledged: 'all',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: string | null) => {
  const ms = Date.parse(v ?? '');
  return Number.isFinite(ms) ? new Date(ms).toISOString() : '';
};

/** Reads the filters from a query string; anything the server would refuse is dropped. */
export function filtersFromQuery(params: URLSearchParams): EventFilters {
  const kind = params.get('kind') ?? '';
  const severity = params.get('severity') ?? '';
  const ack = params.get('acknowledged');
  const camera = params.get('camera') ?? '';
  return {
    cameraId: UUID.test(camera) ? camera : '',
    kind: (EVENT_KINDS as readonly string[]).includes(kind) ? (kind as EventKind) : '',
    severity: (EVENT_SEVERITIES as readonly string[]).includes(severity) ? (severity as EventSeverity) : '',
    from: iso(params.get('from')),
    to: iso(params.get('to')),
    acknowledged: ack === 'yes' || ack === 'no' ? ack : 'all',
  };
}

/** Writes the filters into `params` (other keys, such as the open event's id, are kept). */
export function filtersToQuery(filters: EventFilters, params = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set('camera', filters.cameraId);
  set('kind', filters.kind);
  set('severity', filters.severity);
  set('from', filters.from);
  set('to', filters.to);
  set('acknowledged', filters.acknowledged === 'all' ? '' : filters.acknowledged);
  return next;
}

/** The filter as the API takes it (acknowledge everything matching). */
export function apiFilter(filters: EventFilters): EventFilter {
  const out: EventFilter = {};
  if (filters.cameraId) out.cameraId = filters.cameraId;
  if (filters.kind) out.kind = filters.kind;
  if (filters.severity) out.severity = filters.severity;
  if (filters.from) out.from = filters.from;
  if (filters.to) out.to = filters.to;
  if (filters.acknowledged !== 'all') out.acknowledged = filters.acknowledged === 'yes';
  return out;
}

/** GET /api/v1/events query string for one page. */
export function listQuery(filters: EventFilters, limit: number, startAfter?: string | null): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(apiFilter(filters))) q.set(k, String(v));
  q.set('limit', String(limit));
  if (startAfter) q.set('startAfter', startAfter);
  return q.toString();
}

/** A from/to pair the server would refuse (the end not after the start). */
export const badRange = (f: EventFilters) => !!f.from && !!f.to && Date.parse(f.from) >= Date.parse(f.to);

export const hasFilters = (f: EventFilters) => Object.keys(apiFilter(f)).length > 0;
