import type { AnalyticsEvents, AnalyticsHeatmap } from '@vigil/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, formatNumber, formatWeekday } from '../../../lib/format.ts';
import { busiest, busiestCell, heatGrid } from '../analytics-model.ts';
import { FigureCard, FigureTable } from './figure-card.tsx';
import { ColumnChart, HeatGrid, RowChart } from '../../../components/charts/lazy-charts.ts';

const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The events' figures once loaded, and their busiest bucket (a day, a camera) for the summary. */
function useEventFigures(q: UseQueryResult<AnalyticsEvents>) {
  const { t, i18n } = useTranslation();
  const f = q.data;
  return { t, lng: i18n.language, f, top: f ? busiest(f.buckets) : null };
}

/** Events per local day of the period. */
export function EventsPerDayCard({ q, query }: { q: UseQueryResult<AnalyticsEvents>; query: string }) {
  const { t, lng, f, top } = useEventFigures(q);
  const summary = !f
    ? ''
    : top
      ? t('analytics.perDay.summary', {
          total: formatNumber(f.total, lng),
          day: formatCalendarDay(top.key ?? '', lng, 'long'),
          count: formatNumber(top.count, lng),
          zone: f.timeZone,
        })
      : t('analytics.none');
  return (
    <FigureCard
      title={t('analytics.perDay.title')}
      testId="analytics-per-day"
      query={`${query}&groupBy=day`}
      csv={[{ figure: 'events', label: t('analytics.csv') }]}
      state={q}
      summary={summary}
      className="lg:col-span-2"
      chart={
        f && (
          <ColumnChart
            rows={f.buckets.map((b) => ({ key: b.key ?? '', count: b.count }))}
            summary={summary}
            tick={(day) => formatCalendarDay(day, lng)}
            format={(n) => formatNumber(n, lng, 0)}
            testId="events-per-day-chart"
          />
        )
      }
      table={
        f && (
          <FigureTable
            caption={t('analytics.perDay.title')}
            head={[t('analytics.day'), t('analytics.events')]}
            rows={f.buckets.map((b) => ({
              key: b.key ?? '',
              cells: [formatCalendarDay(b.key ?? '', lng, 'long'), formatNumber(b.count, lng)],
            }))}
          />
        )
      }
    />
  );
}

/** Events per camera (the caller's, the site's), busiest first. */
export function EventsPerCameraCard({ q, query }: { q: UseQueryResult<AnalyticsEvents>; query: string }) {
  const { t, lng, f, top } = useEventFigures(q);
  const summary = !f
    ? ''
    : top
      ? t('analytics.perCamera.summary', {
          cameras: formatNumber(f.buckets.length, lng),
          camera: top.label,
          count: formatNumber(top.count, lng),
        })
      : t('analytics.none');
  const max = Math.max(0, ...(f?.buckets ?? []).map((b) => b.count));
  return (
    <FigureCard
      title={t('analytics.perCamera.title')}
      testId="analytics-per-camera"
      query={`${query}&groupBy=camera`}
      csv={[{ figure: 'events', label: t('analytics.csv') }]}
      state={q}
      summary={summary}
      chart={
        f && (
          <RowChart
            rows={f.buckets.slice(0, 12).map((b) => ({
              id: b.key ?? '',
              label: b.label,
              value: b.count,
              text: formatNumber(b.count, lng),
            }))}
            max={max}
            summary={summary}
            testId="events-per-camera-chart"
          />
        )
      }
      table={
        f && (
          <FigureTable
            caption={t('analytics.perCamera.title')}
            head={[t('analytics.camera'), t('analytics.events')]}
            rows={f.buckets.map((b) => ({ key: b.key ?? '', cells: [b.label, formatNumber(b.count, lng)] }))}
          />
        )
      }
    />
  );
}

/** Activity by local weekday × hour. */
export function HeatmapCard({ q, query }: { q: UseQueryResult<AnalyticsHeatmap>; query: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const f = q.data;
  const top = f ? busiestCell(f) : null;
  const summary = !f
    ? ''
    : top
      ? t('analytics.heatmap.summary', {
          weekday: formatWeekday(top.weekday, lng, 'long'),
          from: hourText(top.hour),
          to: hourText((top.hour + 1) % 24),
          count: formatNumber(top.count, lng),
          zone: f.timeZone,
        })
      : t('analytics.none');
  const grid = f ? heatGrid(f) : [];
  return (
    <FigureCard
      title={t('analytics.heatmap.title')}
      testId="analytics-heatmap"
      query={query}
      csv={[{ figure: 'heatmap', label: t('analytics.csv') }]}
      state={q}
      summary={summary}
      chart={f && <HeatGrid grid={grid} summary={summary} weekday={(d) => formatWeekday(d, lng)} hour={hourText} />}
      table={
        f && (
          <FigureTable
            caption={t('analytics.heatmap.title')}
            head={[t('analytics.weekday'), ...Array.from({ length: 24 }, (_, h) => String(h))]}
            rows={grid.map((row, d) => ({
              key: String(d),
              cells: [formatWeekday(d + 1, lng, 'long'), ...row.map((n) => formatNumber(n, lng))],
            }))}
          />
        )
      }
    />
  );
}
