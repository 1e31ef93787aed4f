import { AREA_ROLES, type AnalyzeResponse, COCO_LABELS, type Camera } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { TOPIC_AI, TOPIC_EVENTS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import {
  RANGES,
  type Range,
  type ShownDetections,
  pruneSets,
  readAiMessage,
  searchQuery,
  visibleBoxes,
} from '../ai-model.ts';
import { aiKey, aiCamerasQuery, detectionsQuery, useAnalyze } from '../api.ts';
import { DetectionList } from '../components/detection-list.tsx';
import { DetectionOverlay } from '../components/detection-overlay.tsx';
import { QuotaMeter } from '../components/quota-meter.tsx';
import '../translations.ts';

/**
 * /ai/detection: a camera's live tile (the live feature's, passed in by the shell) with the boxes
 * of each analysed frame drawn over it as they arrive (realtime topic `ai`) and fading after a few
 * seconds; "Analyse now" on the current frame; the latest detections with thumbnails; a search by
 * object, camera and time whose results play the moment on the recordings page.
 */
export function AiDetectionPage({ liveTile }: { liveTile(camera: Camera): ReactNode }) {
  const { t } = useTranslation();
  const me = useSession().me;
  const errorText = useErrorText();
  const allowed = !!me?.user.aiAccess;
  const cameras = useQuery({ ...aiCamerasQuery, enabled: allowed });
  const [params, setParams] = useSearchParams();
  const list = cameras.data ?? [];
  const cameraId =
    params.get('camera') && list.some((c) => c.id === params.get('camera'))
      ? params.get('camera')!
      : (list[0]?.id ?? '');
  const camera = list.find((c) => c.id === cameraId) ?? null;
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const names = useMemo(() => new Map(list.map((c) => [c.id, c.name])), [list]);
  const cameraName = (id: string | null) => (id ? (names.get(id) ?? '') : '');

  return (
    <>
      <PageHeader title={t('pages.ai.detection')} description={t('ai.detection.desc')} />
      {cameras.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : cameras.error ? (
        <Banner tone="error">{errorText(cameras.error)}</Banner>
      ) : !camera ? (
        <Banner tone="info">{t('ai.detection.noCamera')}</Banner>
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          <LivePanel
            camera={camera}
            cameras={list}
            onPick={(id) => {
              const next = new URLSearchParams(params);
              next.set('camera', id);
              setParams(next, { replace: true });
            }}
            liveTile={liveTile}
          />
          <Latest cameraName={cameraName} timeZone={timeZone} />
          <Search cameras={list} cameraName={cameraName} timeZone={timeZone} />
        </div>
      )}
    </>
  );
}

function LivePanel({
  camera,
  cameras,
  onPick,
  liveTile,
}: {
  camera: Camera;
  cameras: readonly Camera[];
  onPick(id: string): void;
  liveTile(camera: Camera): ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const analyze = useAnalyze();
  // Analysing now spends the workspace's quota: operators and up (the server refuses viewers).
  const mayAnalyze = useSession().hasAnyRole(AREA_ROLES.operator);
  const [sets, setSets] = useState<ShownDetections[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const [result, setResult] = useState<AnalyzeResponse | null>(null);
  const show = (key: string, cameraId: string, detections: ShownDetections['detections']) => {
    const at = Date.now();
    setNow(at);
    setSets((cur) => [...pruneSets(cur, at), { key, cameraId, at, detections }]);
  };
  useRealtimeEvent(TOPIC_AI, (data) => {
    const m = readAiMessage(data);
    if (m?.detections.length) show(m.eventId ?? `rt-${Date.now()}`, m.cameraId, m.detections);
  });
  // While boxes are shown, a clock fades them; with none, nothing runs.
  const showing = sets.length > 0;
  useEffect(() => {
    if (!showing) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      setSets((cur) => {
        const kept = pruneSets(cur, at);
        return kept.length === cur.length ? cur : kept;
      });
    }, 200);
    return () => clearInterval(timer);
  }, [showing]);
  const boxes = visibleBoxes(sets, camera.id, now);
  const exhausted = analyze.error instanceof ApiError && analyze.error.code === 'resource-exhausted';

  return (
    <Card title={t('ai.detection.live')} className="min-w-0">
      <div className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <SelectField
            label={t('ai.camera')}
            value={camera.id}
            onChange={(e) => {
              onPick(e.target.value);
              setResult(null);
              analyze.reset();
            }}
            options={cameras.map((c) => ({ value: c.id, label: c.name }))}
            data-testid="ai-camera-picker"
          />
          {mayAnalyze && (
            <Button
              busy={analyze.isPending}
              onClick={() =>
                analyze.mutate(camera.id, {
                  onSuccess: (r) => {
                    setResult(r);
                    if (r.detections.length) show(`analyze-${Date.now()}`, camera.id, r.detections);
                  },
                })
              }
              data-testid="ai-analyze"
            >
              {t('ai.detection.analyze')}
            </Button>
          )}
        </div>
        <div className="relative mx-auto w-full max-w-3xl" data-testid="ai-live">
          {liveTile(camera)}
          <DetectionOverlay boxes={boxes} cameraName={camera.name} />
        </div>
        <div aria-live="polite" className="flex flex-col gap-3">
          {result && !analyze.error && (
            <p className="text-sm text-fg" data-testid="ai-analyze-result">
              {result.detections.length
                ? t('ai.detection.analyzed', {
                    count: result.detections.length,
                    ms: formatNumber(result.tookMs, i18n.language, 0),
                  })
                : t('ai.detection.analyzedNone', { ms: formatNumber(result.tookMs, i18n.language, 0) })}
            </p>
          )}
          {exhausted ? (
            <Banner tone="warning" data-testid="ai-quota-exhausted">
              {t('ai.quota.exhausted')}
            </Banner>
          ) : analyze.error ? (
            <Banner tone="error">{errorText(analyze.error)}</Banner>
          ) : null}
          {result && <QuotaMeter used={result.usage.used} quota={result.usage.quota} />}
        </div>
      </div>
    </Card>
  );
}

function Latest({ cameraName, timeZone }: { cameraName(id: string | null): string; timeZone: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const latest = useQuery(detectionsQuery('kind=ai.detection&limit=6'));
  // A new detection is an event: the list follows (and a frame's message says one was just made).
  const refresh = () => void qc.invalidateQueries({ queryKey: [...aiKey, 'detections'] });
  useRealtimeEvent(TOPIC_AI, refresh);
  useRealtimeEvent(TOPIC_EVENTS, refresh);
  return (
    <Card title={t('ai.detection.latest')} className="min-w-0">
      {latest.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : latest.error ? (
        <Banner tone="error">{errorText(latest.error)}</Banner>
      ) : latest.data.length === 0 ? (
        <p className="text-sm text-muted">{t('ai.detection.none')}</p>
      ) : (
        <DetectionList events={latest.data} cameraName={cameraName} timeZone={timeZone} testId="ai-latest" />
      )}
    </Card>
  );
}

function Search({
  cameras,
  cameraName,
  timeZone,
}: {
  cameras: readonly Camera[];
  cameraName(id: string | null): string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [label, setLabel] = useState('');
  const [cameraId, setCameraId] = useState('');
  const [range, setRange] = useState<Range>('24h');
  // The range is read when the search changes, not on every render (its "now" would move the key).
  const query = useMemo(() => searchQuery({ label, cameraId, range }), [label, cameraId, range]);
  const results = useQuery(detectionsQuery(query));
  const labels = COCO_LABELS.map((l) => ({ value: l, label: t(`ai.label.${l}`, { defaultValue: l }) })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );
  return (
    <Card title={t('ai.detection.search')} className="min-w-0">
      <div className="flex flex-col gap-3">
        <search className="grid gap-3 sm:grid-cols-3" data-testid="ai-search">
          <SelectField
            label={t('ai.detection.object')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            options={[{ value: '', label: t('ai.anyLabel') }, ...labels]}
          />
          <SelectField
            label={t('ai.camera')}
            value={cameraId}
            onChange={(e) => setCameraId(e.target.value)}
            options={[
              { value: '', label: t('ai.allCameras') },
              ...cameras.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <SelectField
            label={t('ai.detection.when')}
            value={range}
            onChange={(e) => setRange(e.target.value as Range)}
            options={RANGES.map((r) => ({ value: r, label: t(`ai.detection.range.${r}`) }))}
          />
        </search>
        {results.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : results.error ? (
          <Banner tone="error">{errorText(results.error)}</Banner>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite" data-testid="ai-search-count">
              {results.data.length ? t('ai.detection.results', { count: results.data.length }) : t('ai.detection.none')}
            </p>
            {results.data.length > 0 && (
              <DetectionList events={results.data} cameraName={cameraName} timeZone={timeZone} testId="ai-results" />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
