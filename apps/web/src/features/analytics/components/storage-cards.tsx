import type { AnalyticsStorage } from '@vigil/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatCalendarDay, formatDate, formatNumber } from '../../../lib/format.ts';
import { FigureCard, FigureTable } from './figure-card.tsx';
import { AreaChart, RowChart } from '../../../components/charts/lazy-charts.ts';

/** The workspace's storage each day of the period (only for the whole workspace). */
export function StorageGrowthCard({ q, query }: { q: UseQueryResult<AnalyticsStorage>; query: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const history = q.data?.history ?? null;
  const first = history?.[0];
  const last = history?.at(-1);
  const peak = history?.reduce((a, b) => (b.bytes > a.bytes ? b : a), history[0]!);
  const summary = !q.data
    ? ''
    : history === null
      ? t('analytics.storage.wholeOnly')
      : first && last && peak
        ? t('analytics.storage.summary', {
            from: formatBytes(first.bytes, lng),
            to: formatBytes(last.bytes, lng),
            peak: formatBytes(peak.bytes, lng),
            day: formatCalendarDay(peak.day, lng, 'long'),
          })
        : t('analytics.storage.empty');
  return (
    <FigureCard
      title={t('analytics.storage.title')}
      testId="analytics-storage"
      query={query}
      csv={history === null ? [] : [{ figure: 'storage', label: t('analytics.csv') }]}
      state={q}
      summary={summary}
      chart={
        history &&
        history.length > 0 && (
          <AreaChart
            points={history.map((h) => ({ t: Date.parse(`${h.day}T00:00:00Z`), value: h.bytes }))}
            summary={summary}
            tick={(ms) => formatCalendarDay(new Date(ms).toISOString(), lng)}
            format={(n) => formatBytes(n, lng)}
            testId="storage-growth-chart"
          />
        )
      }
      table={
        history && (
          <FigureTable
            caption={t('analytics.storage.title')}
            head={[t('analytics.day'), t('analytics.storage.used')]}
            rows={history.map((h) => ({
              key: h.day,
              cells: [formatCalendarDay(h.day, lng, 'long'), formatBytes(h.bytes, lng)],
            }))}
          />
        )
      }
    />
  );
}

/** Footage stored per camera and how many days of it are kept (oldest footage → now). */
export function FootageKeptCard({ q, query }: { q: UseQueryResult<AnalyticsStorage>; query: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const cams = [...(q.data?.cameras ?? [])].sort((a, b) => (b.daysKept ?? -1) - (a.daysKept ?? -1));
  const kept = cams.filter((c) => c.daysKept !== null);
  const total = cams.reduce((n, c) => n + c.bytes, 0);
  function footageSummary() {
    const least = Math.min(...kept.map((c) => c.daysKept!));
    const most = Math.max(...kept.map((c) => c.daysKept!));
    const bytes = formatBytes(total, lng);
    return least === most
      ? t('analytics.footage.summarySame', { bytes, days: formatNumber(most, lng) })
      : t('analytics.footage.summary', { bytes, least: formatNumber(least, lng), most: formatNumber(most, lng) });
  }
  const summary = !q.data ? '' : kept.length ? footageSummary() : t('analytics.footage.none');
  const days = (d: number | null) => (d === null ? '—' : t('analytics.footage.days', { n: formatNumber(d, lng) }));
  return (
    <FigureCard
      title={t('analytics.footage.title')}
      testId="analytics-footage"
      query={query}
      csv={[{ figure: 'footage', label: t('analytics.csv') }]}
      state={q}
      summary={summary}
      chart={
        kept.length > 0 && (
          <RowChart
            rows={kept
              .slice(0, 12)
              .map((c) => ({ id: c.cameraId, label: c.name, value: c.daysKept!, text: days(c.daysKept) }))}
            max={Math.max(...kept.map((c) => c.daysKept!))}
            summary={summary}
            testId="footage-chart"
          />
        )
      }
      table={
        <FigureTable
          caption={t('analytics.footage.title')}
          head={[
            t('analytics.camera'),
            t('analytics.footage.stored'),
            t('analytics.footage.oldest'),
            t('analytics.footage.kept'),
          ]}
          rows={cams.map((c) => ({
            key: c.cameraId,
            cells: [
              c.name,
              formatBytes(c.bytes, lng),
              c.oldestAt ? formatDate(c.oldestAt, q.data?.timeZone, lng) : '—',
              days(c.daysKept),
            ],
          }))}
        />
      }
    />
  );
}
