import type { AiAnalytics, AiAnalyticsCsvFigure } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ColumnChart, HeatGrid, RowChart } from '../../../components/charts/lazy-charts.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCalendarDay, formatNumber, formatWeekday } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useCountingZone } from '../../../lib/use-counting-zone.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { PRESETS, type Preset, analyticsQuery, busiest, heatGrid, presetPeriod } from '../ai-model.ts';
import { aiAnalyticsQuery, aiCamerasQuery } from '../api.ts';
import { FigureCard, FigureTable } from '../components/figure-card.tsx';
import { QuotaMeter } from '../components/quota-meter.tsx';
import '../translations.ts';
import { todayIn } from '../../../lib/local-time.ts';

const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * /ai/analytics: what the detectors found over a period (per label per day, per camera, by weekday
 * × hour) and the analyses used this billing period, each figure with its table and CSV.
 */
export function AiAnalyticsPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const me = useSession().me;
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const preset = (PRESETS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Preset)
    : '7';
  const cameraId = params.get('camera') ?? '';
  const [zone, learnZone] = useCountingZone(me?.user.preferences.timezone ?? 'UTC');
  const today = todayIn(zone);
  const query = analyticsQuery(presetPeriod(preset, today), cameraId || undefined);
  const allowed = !!me?.user.aiAccess;
  const figures = useQuery({ ...aiAnalyticsQuery(query), enabled: allowed });
  useEffect(() => learnZone(figures.data?.timeZone), [figures.data?.timeZone, learnZone]);
  const cameras = useQuery({ ...aiCamerasQuery, enabled: allowed });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('pages.ai.analytics')} description={t('ai.analytics.desc')} />
      <div
        className="mb-4 grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="ai-analytics-filters"
      >
        <SelectField
          label={t('ai.analytics.period')}
          value={preset}
          onChange={(e) => set('period', e.target.value === '7' ? '' : e.target.value)}
          options={PRESETS.map((p) => ({ value: p, label: t(`ai.analytics.last.${p}`) }))}
        />
        <SelectField
          label={t('ai.camera')}
          value={cameraId}
          onChange={(e) => set('camera', e.target.value)}
          options={[
            { value: '', label: t('ai.allCameras') },
            ...(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
      </div>
      {figures.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : figures.error ? (
        <Banner tone="error">{errorText(figures.error)}</Banner>
      ) : (
        <Figures f={figures.data} query={query} lng={lng} />
      )}
    </>
  );
}

function Figures({ f, query, lng }: { f: AiAnalytics; query: string; lng: string }) {
  const { t } = useTranslation();
  const topDay = busiest(f.days.map((d) => ({ ...d, count: d.total })));
  const topLabel = f.labels[0] ?? null;
  const topCamera = busiest(f.cameras);
  const grid = heatGrid(f.heatmap);
  const topCell = busiest(f.heatmap);
  const none = t('ai.analytics.none');
  const daySummary = topDay
    ? t('ai.analytics.perDay.summary', {
        total: formatNumber(f.total, lng, 0),
        day: formatCalendarDay(topDay.day, lng, 'long'),
        count: formatNumber(topDay.total, lng, 0),
        zone: f.timeZone,
      })
    : none;
  const labelSummary = topLabel
    ? t('ai.analytics.perLabel.summary', {
        labels: formatNumber(f.labels.length, lng, 0),
        label: t(`ai.label.${topLabel.label}`, { defaultValue: topLabel.label }),
        count: formatNumber(topLabel.count, lng, 0),
      })
    : none;
  const cameraSummary = topCamera
    ? t('ai.analytics.perCamera.summary', {
        cameras: formatNumber(f.cameras.length, lng, 0),
        camera: topCamera.name,
        count: formatNumber(topCamera.count, lng, 0),
      })
    : none;
  const heatSummary = topCell
    ? t('ai.analytics.heatmap.summary', {
        weekday: formatWeekday(topCell.weekday, lng, 'long'),
        from: hourText(topCell.hour),
        to: hourText((topCell.hour + 1) % 24),
        count: formatNumber(topCell.count, lng, 0),
        zone: f.timeZone,
      })
    : none;
  const labelName = (l: string) => t(`ai.label.${l}`, { defaultValue: l });
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="ai-analytics-panels">
      <Card title={t('ai.quota.title')} className="min-w-0 lg:col-span-2">
        <QuotaMeter used={f.quota.used} quota={f.quota.quota} />
      </Card>
      <FigureCard
        title={t('ai.analytics.perDay.title')}
        testId="ai-per-day"
        query={query}
        figure="labels"
        summary={daySummary}
        className="lg:col-span-2"
        chart={
          <ColumnChart
            rows={f.days.map((d) => ({ key: d.day, count: d.total }))}
            summary={daySummary}
            tick={(day) => formatCalendarDay(day, lng)}
            format={(n) => formatNumber(n, lng, 0)}
            testId="ai-per-day-chart"
          />
        }
        table={
          <FigureTable
            caption={t('ai.analytics.perDay.title')}
            head={[t('ai.analytics.day'), t('ai.analytics.detections'), ...f.labels.map((l) => labelName(l.label))]}
            rows={f.days.map((d) => ({
              key: d.day,
              cells: [
                formatCalendarDay(d.day, lng, 'long'),
                formatNumber(d.total, lng, 0),
                ...f.labels.map((l) => formatNumber(d.counts[l.label] ?? 0, lng, 0)),
              ],
            }))}
          />
        }
      />
      <RankedFigure
        title={t('ai.analytics.perLabel.title')}
        testId="ai-per-label"
        query={query}
        figure="labels"
        summary={labelSummary}
        nameHead={t('ai.analytics.label')}
        items={f.labels.map((l) => ({ id: l.label, name: labelName(l.label), count: l.count }))}
      />
      <RankedFigure
        title={t('ai.analytics.perCamera.title')}
        testId="ai-per-camera"
        query={query}
        figure="cameras"
        summary={cameraSummary}
        nameHead={t('ai.camera')}
        items={f.cameras.map((c) => ({ id: c.cameraId, name: c.name, count: c.count }))}
      />
      <FigureCard
        title={t('ai.analytics.heatmap.title')}
        testId="ai-heatmap"
        query={query}
        figure="heatmap"
        summary={heatSummary}
        className="lg:col-span-2"
        chart={<HeatGrid grid={grid} summary={heatSummary} weekday={(d) => formatWeekday(d, lng)} hour={hourText} />}
        table={
          <FigureTable
            caption={t('ai.analytics.heatmap.title')}
            head={[t('ai.analytics.weekday'), ...Array.from({ length: 24 }, (_, h) => String(h))]}
            rows={grid.map((row, d) => ({
              key: String(d),
              cells: [formatWeekday(d + 1, lng, 'long'), ...row.map((n) => formatNumber(n, lng, 0))],
            }))}
          />
        }
      />
    </div>
  );
}

/** A ranking (detections per label, per camera): the twelve largest as bars, every one in the table. */
function RankedFigure({
  nameHead,
  items,
  ...card
}: {
  title: string;
  testId: string;
  query: string;
  figure: AiAnalyticsCsvFigure;
  summary: string;
  nameHead: string;
  items: { id: string; name: string; count: number }[];
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <FigureCard
      {...card}
      chart={
        <RowChart
          rows={items
            .slice(0, 12)
            .map((i) => ({ id: i.id, label: i.name, value: i.count, text: formatNumber(i.count, lng, 0) }))}
          max={Math.max(0, ...items.map((i) => i.count))}
          summary={card.summary}
          testId={`${card.testId}-chart`}
        />
      }
      table={
        <FigureTable
          caption={card.title}
          head={[nameHead, t('ai.analytics.detections')]}
          rows={items.map((i) => ({ key: i.id, cells: [i.name, formatNumber(i.count, lng, 0)] }))}
        />
      }
    />
  );
}
