import type { Db } from '@vigil/db';
import { ANALYTICS_MAX_DAYS, type AiAnalytics, type AiAnalyticsQuery } from '@vigil/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { planGate } from '../billing/billing.module.ts';
import { aiAnalyticsRepo as repo } from './ai-analytics.repo.ts';

/**
 * AI analytics: the `ai.detection` events of a period for owners and managers, within
 * their camera scope, on a plan with AI access. Days and hours are the workspace's time zone.
 */
const DAY_MS = 86_400_000;

export function createAiAnalyticsService(deps: { db: Db }) {
  const { db } = deps;

  /** A bound as an instant: a date is its midnight in the zone (the database's zone rules, DST included). */
  const instantOf = (bound: string, tz: string) =>
    bound.length === 10 ? repo.localMidnight(db, bound, tz) : Promise.resolve(new Date(bound));

  return {
    async figures(actor: ScopedActor, q: AiAnalyticsQuery): Promise<AiAnalytics> {
      await planGate.assertFeature(db, actor.workspaceId, 'aiAccess');
      const timeZone = await repo.workspaceTimeZone(db, actor.workspaceId);
      const cams = await repo.cameras(db, actor.workspaceId, actor.cameraIds, q.cameraId);
      if (q.cameraId && !cams.length) throw new AppError('not-found', 'No such camera.');
      const [from, to] = await Promise.all([instantOf(q.from, timeZone), instantOf(q.to, timeZone)]);
      if (!(from < to))
        throw new AppError('invalid-argument', 'The period must end after it starts.', { to: 'must be after from' });
      if (to.getTime() - from.getTime() > ANALYTICS_MAX_DAYS * DAY_MS) {
        throw new AppError('invalid-argument', `The period is too long: at most ${ANALYTICS_MAX_DAYS} days.`, {
          to: `must be at most ${ANALYTICS_MAX_DAYS} days after from`,
        });
      }
      const period = { from, to };
      const scope = { workspaceId: actor.workspaceId, cameras: cams.map((c) => c.id) };
      const [days, perDay, perCamera, cells, quota] = await Promise.all([
        repo.days(db, period, timeZone),
        repo.perDayLabel(db, scope, period, timeZone),
        repo.perCamera(db, scope, period),
        repo.heatmap(db, scope, period, timeZone),
        repo.quota(db, actor.workspaceId),
      ]);

      const labelTotals = new Map<string, number>();
      const dayLabels = new Map<string, Record<string, number>>();
      for (const r of perDay.labels) {
        labelTotals.set(r.label, (labelTotals.get(r.label) ?? 0) + r.count);
        dayLabels.set(r.day, { ...dayLabels.get(r.day), [r.label]: r.count });
      }
      const dayTotals = new Map(perDay.totals.map((r) => [r.day, r.count]));
      const found = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.count]));
      const heatmap = [];
      for (let weekday = 1; weekday <= 7; weekday++)
        for (let hour = 0; hour < 24; hour++)
          heatmap.push({ weekday, hour, count: found.get(`${weekday}:${hour}`) ?? 0 });

      return {
        from: from.toISOString(),
        to: to.toISOString(),
        timeZone,
        total: perDay.totals.reduce((n, r) => n + r.count, 0),
        labels: [...labelTotals]
          .map(([label, count]) => ({ label, count }))
          .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
        days: days.map((day) => ({ day, total: dayTotals.get(day) ?? 0, counts: dayLabels.get(day) ?? {} })),
        cameras: cams
          .map((c) => ({ cameraId: c.id, name: c.name, count: perCamera.get(c.id) ?? 0 }))
          .sort((a, b) => b.count - a.count),
        heatmap,
        quota,
      };
    },
  };
}

export type AiAnalyticsService = ReturnType<typeof createAiAnalyticsService>;
