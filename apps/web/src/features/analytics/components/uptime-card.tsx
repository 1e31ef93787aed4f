import type { AnalyticsUptime } from '@vigil/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber, formatPercent } from '../../../lib/format.ts';
import { hoursMinutes } from '../analytics-model.ts';
import { FigureCard, FigureTable } from './figure-card.tsx';
import { RowChart } from '../../../components/charts/lazy-charts.ts';

const OUTAGES_SHOWN = 100;

export function durationText(t: TFunction, seconds: number): string {
  const { h, m } = hoursMinutes(seconds);
  return h ? t('analytics.duration.hm', { h, m }) : t('analytics.duration.m', { m });
}

/** Each camera's uptime over the period (least first) and its outages. */
export function UptimeCard({ q, query }: { q: UseQueryResult<AnalyticsUptime>; query: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const f = q.data;
  const uptimeText = (u: number | null) => (u === null ? t('analytics.uptime.unobserved') : formatPercent(u, lng, 2));
  const cams = [...(f?.cameras ?? [])].sort(
    (a, b) => (a.uptime ?? 2) - (b.uptime ?? 2) || a.name.localeCompare(b.name),
  );
  const outageCount = cams.reduce((n, c) => n + c.outageCount, 0);
  const summary = !f
    ? ''
    : f.overall.uptime === null
      ? t('analytics.uptime.none')
      : t('analytics.uptime.summary', {
          uptime: uptimeText(f.overall.uptime),
          outages: formatNumber(outageCount, lng),
          down: durationText(t, f.overall.downSeconds),
        });
  const outages = cams
    .flatMap((c) => c.outages.map((o) => ({ ...o, camera: c.name, id: `${c.cameraId}:${o.startAt}` })))
    .sort((a, b) => b.startAt.localeCompare(a.startAt))
    .slice(0, OUTAGES_SHOWN);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, f?.timeZone, lng) : t('analytics.uptime.ongoing'));
  return (
    <FigureCard
      title={t('analytics.uptime.title')}
      testId="analytics-uptime"
      query={query}
      csv={[
        { figure: 'uptime', label: t('analytics.csv') },
        { figure: 'outages', label: t('analytics.uptime.csvOutages') },
      ]}
      state={q}
      summary={summary}
      chart={
        f && (
          <div className="flex flex-col gap-1">
            {/* 99.3 % and 100 % look alike as lengths: the bars measure the time offline instead. */}
            <p className="text-xs text-muted">{t('analytics.uptime.bars')}</p>
            <RowChart
              rows={cams.slice(0, 12).map((c) => ({
                id: c.cameraId,
                label: c.name,
                value: c.downSeconds,
                text: uptimeText(c.uptime),
              }))}
              max={Math.max(0, ...cams.map((c) => c.downSeconds))}
              summary={summary}
              testId="uptime-chart"
            />
          </div>
        )
      }
      table={
        f && (
          <div className="flex flex-col gap-4">
            <FigureTable
              caption={t('analytics.uptime.title')}
              head={[
                t('analytics.camera'),
                t('analytics.uptime.uptime'),
                t('analytics.uptime.down'),
                t('analytics.uptime.outages'),
              ]}
              rows={cams.map((c) => ({
                key: c.cameraId,
                cells: [c.name, uptimeText(c.uptime), durationText(t, c.downSeconds), formatNumber(c.outageCount, lng)],
              }))}
            />
            {outages.length > 0 && (
              <FigureTable
                caption={t('analytics.uptime.outageList')}
                head={[
                  t('analytics.camera'),
                  t('analytics.uptime.from'),
                  t('analytics.uptime.to'),
                  t('analytics.uptime.length'),
                ]}
                rows={outages.map((o) => ({
                  key: o.id,
                  cells: [o.camera, when(o.startAt), when(o.endAt), durationText(t, o.seconds)],
                }))}
                testId="outage-table"
              />
            )}
          </div>
        )
      }
    />
  );
}
