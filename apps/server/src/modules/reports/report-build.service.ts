import type { DbOrTx } from '@vigil/db';
import { EVENT_KINDS, type ReportKind } from '@vigil/shared';
import { type ReportCamera, reportDataRepo as data } from './report-data.repo.ts';
import { type Alerts, type Figures, type ReportModel, type ReportRow, sumFigures } from './report-model.ts';

const NO_ALERTS: Alerts = { alerts: 0, acknowledged: 0, medianMs: null, p90Ms: null };

export interface ReportSpec {
  workspaceId: string;
  workspaceName: string;
  siteName: string | null;
  kind: ReportKind;
  cameraIds: readonly string[];
  from: Date;
  to: Date;
  timeZone: string;
  language: string;
}

/** Reads a report's figures (one query for its kind, one for its cameras) and arranges them per camera, site, total. */
export async function buildReportModel(db: DbOrTx, spec: ReportSpec, now = new Date()): Promise<ReportModel> {
  const scope = { workspaceId: spec.workspaceId, cameraIds: spec.cameraIds, from: spec.from, to: spec.to, now };
  const cameras = await data.cameras(db, scope);
  const per = new Map<string, Figures>(cameras.map((c) => [c.id, {}]));
  let siteAlerts = new Map<string | null, Alerts>();
  let totalAlerts: Alerts | undefined;
  switch (spec.kind) {
    case 'uptime':
      for (const [id, u] of await data.uptime(db, scope)) per.get(id)!.uptime = u;
      break;
    case 'events': {
      const counts = await data.events(db, scope);
      for (const c of cameras) {
        const byKind = counts.get(c.id) ?? {};
        per.get(c.id)!.events = { byKind, total: Object.values(byKind).reduce((a, b) => a + b, 0) };
      }
      break;
    }
    case 'storage': {
      const s = await data.storage(db, scope);
      for (const c of cameras)
        per.get(c.id)!.storage = {
          ...(s.get(c.id) ?? { storedBytes: 0, recordedBytes: 0, oldestAt: null }),
          retentionDays: c.retentionDays,
        };
      break;
    }
    case 'alerts': {
      const a = await data.alerts(db, scope);
      for (const c of cameras) per.get(c.id)!.alerts = a.cameras.get(c.id) ?? NO_ALERTS;
      siteAlerts = a.sites;
      totalAlerts = a.total;
      break;
    }
  }
  const row = (c: ReportCamera): ReportRow => ({
    scope: 'camera',
    id: c.id,
    name: c.name,
    siteId: c.siteId,
    siteName: c.siteName,
    figures: per.get(c.id)!,
  });
  const rows = cameras.map(row);
  const alertsFor = (site: string | null) => (spec.kind === 'alerts' ? (siteAlerts.get(site) ?? NO_ALERTS) : undefined);
  // Per site only when some camera belongs to one: a workspace without sites gets its camera table alone.
  const sites: ReportRow[] = [];
  if (cameras.some((c) => c.siteId)) {
    const groups = new Map<string | null, ReportRow[]>();
    for (const r of rows) groups.set(r.siteId, [...(groups.get(r.siteId) ?? []), r]);
    for (const [siteId, members] of groups)
      sites.push({
        scope: 'site',
        id: siteId,
        name: members[0]!.siteName ?? '',
        siteId,
        siteName: members[0]!.siteName,
        figures: sumFigures(
          members.map((m) => m.figures),
          alertsFor(siteId),
        ),
      });
  }
  const total: ReportRow = {
    scope: 'total',
    id: null,
    name: '',
    siteId: null,
    siteName: null,
    figures: sumFigures(
      rows.map((r) => r.figures),
      spec.kind === 'alerts' ? (totalAlerts ?? NO_ALERTS) : undefined,
    ),
  };
  // The events report has a column for each kind that happened, in the catalogue's order.
  const seen = new Set(rows.flatMap((r) => Object.keys(r.figures.events?.byKind ?? {})));
  const eventKinds = [
    ...EVENT_KINDS.filter((k) => seen.has(k)),
    ...[...seen].filter((k) => !(EVENT_KINDS as readonly string[]).includes(k)),
  ];
  return {
    kind: spec.kind,
    workspaceName: spec.workspaceName,
    siteName: spec.siteName,
    from: spec.from,
    to: spec.to,
    generatedAt: now,
    timeZone: spec.timeZone,
    language: spec.language,
    cameras: rows,
    sites,
    total,
    eventKinds,
  };
}
