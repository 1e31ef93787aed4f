import type { Db } from '@vigil/db';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_OUTAGES_LISTED,
  type AnalyticsEvents,
  type AnalyticsEventsQuery,
  type AnalyticsHeatmap,
  type AnalyticsHeatmapQuery,
  type AnalyticsQuery,
  type AnalyticsStorage,
  type AnalyticsUptime,
} from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { planGate } from '../billing/billing.module.ts';
import { type CameraFilter, type CountScope, type Period, analyticsRepo as repo } from './analytics.repo.ts';
import { type OutageRow, uptimeRepo } from './uptime.repo.ts';

/**
 * Analytics: figures over a period for owners and managers, within their camera scope.
 * A site (`siteId`, or grouping by site) is the VMS area's: the `vms` plan. Days and hours are
 * the workspace's time zone, or the site's own when one site with a zone is asked for.
 */
export type AnalyticsActor = ScopedActor;

/** A resolved request: the cameras covered, which events count, over which period, in which zone. */
interface Resolved {
  cameras: Awaited<ReturnType<typeof repo.cameras>>;
  count: CountScope;
  period: Period;
  timeZone: string;
}

const DAY_MS = 86_400_000;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const uptimeOf = (observed: number, down: number) => (observed > 0 ? round(1 - down / observed, 6) : null);

export function createAnalyticsService(deps: { db: Db }) {
  const { db } = deps;

  async function resolve(
    actor: AnalyticsActor,
    q: { from: string; to: string; siteId?: string; cameraId?: string; kind?: string },
    bySite = false,
  ): Promise<Resolved> {
    if (q.siteId || bySite) await planGate.assertFeature(db, actor.workspaceId, 'vms');
    let timeZone = await repo.workspaceTimeZone(db, actor.workspaceId);
    if (q.siteId) {
      const site = await repo.site(db, actor.workspaceId, actor.cameraIds, q.siteId);
      if (!site) throw new AppError('not-found', 'No such site.');
      if (site.timezone) timeZone = site.timezone;
    }
    const mine: CameraFilter = { workspaceId: actor.workspaceId, cameraIds: actor.cameraIds };
    if (q.cameraId && !(await repo.cameras(db, { ...mine, cameraId: q.cameraId })).length) {
      throw new AppError('not-found', 'No such camera.');
    }
    const [from, to] = await Promise.all([instantOf(q.from, timeZone), instantOf(q.to, timeZone)]);
    if (!(from < to))
      throw new AppError('invalid-argument', 'The period must end after it starts.', { to: 'must be after from' });
    if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) {
      const most = `must be at most ${ANALYTICS_MAX_DAYS} days after from`;
      throw new AppError('invalid-argument', `The period is too long: at most ${ANALYTICS_MAX_DAYS} days.`, {
        to: most,
      });
    }
    const cameras = await repo.cameras(db, { ...mine, siteId: q.siteId, cameraId: q.cameraId });
    // Every camera of the workspace, unnarrowed: the workspace-wide counts serve it.
    const whole = actor.cameraIds === null && !q.siteId && !q.cameraId;
    return {
      cameras,
      count: { workspaceId: actor.workspaceId, cameras: whole ? null : cameras.map((c) => c.id), kind: q.kind },
      period: { from, to },
      timeZone,
    };
  }

  /** A bound as an instant: a date is its midnight in the zone (the database's zone rules, DST included). */
  async function instantOf(bound: string, timeZone: string): Promise<Date> {
    return bound.length === 10 ? repo.localMidnight(db, bound, timeZone) : new Date(bound);
  }

  const head = (r: Resolved) => ({
    from: r.period.from.toISOString(),
    to: r.period.to.toISOString(),
    timeZone: r.timeZone,
  });

  return {
    async events(actor: AnalyticsActor, q: AnalyticsEventsQuery): Promise<AnalyticsEvents> {
      const r = await resolve(actor, q, q.groupBy === 'site');
      const rows = await repo.counts(db, r.count, r.period, r.timeZone, q.groupBy);
      let buckets = rows;
      if (q.groupBy === 'camera') {
        // Every camera counted, the quiet ones too: most events first, then by name.
        const counts = new Map(rows.map((b) => [b.key, b.count]));
        buckets = r.cameras
          .map((c) => ({ key: c.id, label: c.name, count: counts.get(c.id) ?? 0 }))
          .sort((a, b) => b.count - a.count);
      } else if (q.groupBy === 'site') {
        const names = await repo.siteNames(db, actor.workspaceId);
        const counts = new Map(rows.map((b) => [b.key, b.count]));
        const siteIds = new Set(r.cameras.map((c) => c.siteId));
        buckets = [...siteIds]
          .map((id) => ({ key: id, label: id ? (names.get(id) ?? '') : '', count: counts.get(id) ?? 0 }))
          .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
      }
      const total = buckets.reduce((n, b) => n + b.count, 0);
      return { ...head(r), groupBy: q.groupBy, total, buckets };
    },

    async heatmap(actor: AnalyticsActor, q: AnalyticsHeatmapQuery): Promise<AnalyticsHeatmap> {
      const r = await resolve(actor, q);
      const found = new Map(
        (await repo.heatmap(db, r.count, r.period, r.timeZone)).map((c) => [`${c.weekday}:${c.hour}`, c.count]),
      );
      const cells = [];
      for (let weekday = 1; weekday <= 7; weekday++)
        for (let hour = 0; hour < 24; hour++)
          cells.push({ weekday, hour, count: found.get(`${weekday}:${hour}`) ?? 0 });
      return { ...head(r), total: cells.reduce((n, c) => n + c.count, 0), cells };
    },

    async uptime(actor: AnalyticsActor, q: AnalyticsQuery): Promise<AnalyticsUptime> {
      const r = await resolve(actor, q);
      const cams = r.cameras;
      const ids = cams.map((c) => c.id);
      const [summary, outages] = await Promise.all([
        uptimeRepo.summary(db, actor.workspaceId, ids, r.period),
        uptimeRepo.outages(db, actor.workspaceId, ids, r.period, ANALYTICS_OUTAGES_LISTED),
      ]);
      const byCamera = new Map(summary.map((s) => [s.cameraId, s]));
      const listed = new Map<string, OutageRow[]>();
      for (const o of outages) listed.set(o.cameraId, [...(listed.get(o.cameraId) ?? []), o]);
      const cameras = cams.map((c) => {
        const s = byCamera.get(c.id) ?? { observedSeconds: 0, downSeconds: 0, outageCount: 0 };
        return {
          cameraId: c.id,
          name: c.name,
          siteId: c.siteId,
          observedSeconds: round(s.observedSeconds, 3),
          downSeconds: round(s.downSeconds, 3),
          uptime: uptimeOf(s.observedSeconds, s.downSeconds),
          outageCount: s.outageCount,
          outages: (listed.get(c.id) ?? []).map(outageView),
        };
      });
      const observed = cameras.reduce((n, c) => n + c.observedSeconds, 0);
      const down = cameras.reduce((n, c) => n + c.downSeconds, 0);
      return {
        ...head(r),
        overall: { observedSeconds: round(observed, 3), downSeconds: round(down, 3), uptime: uptimeOf(observed, down) },
        cameras,
      };
    },

    /** Every outage of the period (the CSV), newest first, with its camera's name. */
    async outages(actor: AnalyticsActor, q: AnalyticsQuery) {
      const r = await resolve(actor, q);
      const cams = r.cameras;
      const names = new Map(cams.map((c) => [c.id, c.name]));
      const rows = await uptimeRepo.outages(
        db,
        actor.workspaceId,
        cams.map((c) => c.id),
        r.period,
      );
      return {
        ...head(r),
        outages: rows.map((o) => ({ cameraId: o.cameraId, name: names.get(o.cameraId) ?? '', ...outageView(o) })),
      };
    },

    async storage(actor: AnalyticsActor, q: AnalyticsQuery): Promise<AnalyticsStorage> {
      const r = await resolve(actor, q);
      const cams = r.cameras;
      // The daily readings are the whole workspace's: shown only when the figures are too.
      const [history, footage] = await Promise.all([
        r.count.cameras === null ? uptimeRepo.storageHistory(db, actor.workspaceId, r.period, r.timeZone) : null,
        uptimeRepo.footage(
          db,
          cams.map((c) => c.id),
        ),
      ]);
      const byCamera = new Map(footage.map((f) => [f.cameraId, f]));
      const now = Date.now();
      return {
        ...head(r),
        history,
        cameras: cams.map((c) => {
          const f = byCamera.get(c.id);
          const oldest = f?.oldestAt ?? null;
          return {
            cameraId: c.id,
            name: c.name,
            siteId: c.siteId,
            bytes: f?.bytes ?? 0,
            oldestAt: oldest?.toISOString() ?? null,
            daysKept: oldest ? round(Math.max(0, now - oldest.getTime()) / 86_400_000, 1) : null,
          };
        }),
      };
    },
  };
}

const outageView = (o: OutageRow) => ({
  startAt: o.startAt.toISOString(),
  endAt: o.endAt?.toISOString() ?? null,
  seconds: round(o.seconds, 3),
});

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
