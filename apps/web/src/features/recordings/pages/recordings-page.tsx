import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';
import { formatClock } from '../../../lib/format.ts';
import { TOPIC_EVENTS, TOPIC_RECORDINGS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { chooseCamera } from '../camera-choice.ts';
import { cameraChoicesQuery, dayEventsQuery, noticesQuery, recordingsKey, timelineQuery, vodUrl } from '../api.ts';
import { EventMarks } from '../components/event-marks.tsx';
import { PruneNotices } from '../components/prune-notices.tsx';
import { RecordingList } from '../components/recording-list.tsx';
import { GapNotice } from '../components/gap-notice.tsx';
import { TimelineBar } from '../components/timeline-bar.tsx';
import { TimelineZoom } from '../components/timeline-zoom.tsx';
import { type SeekRequest, VodPlayer } from '../components/vod-player.tsx';
import {
  type Gap,
  type Zoom,
  gapAt,
  isDay,
  panWindow,
  parseSpans,
  playableFrom,
  readZoom,
  spanAt,
  openingCentre,
  windowAround,
} from '../time-model.ts';
import '../translations.ts';
import { todayIn } from '../../../lib/local-time.ts';

const SPEEDS = [1, 2, 4] as const;

export function RecordingsPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const canProtect = session.hasAnyRole(['manager', 'admin']);
  const isOwner = session.me?.workspace.ownerId === session.user?.uid;
  const queryClient = useQueryClient();
  const notices = useQuery(noticesQuery);
  // Retention of the plan's limits removed footage: the notice and the timeline change.
  useRealtimeEvent(TOPIC_RECORDINGS, () => void queryClient.invalidateQueries({ queryKey: recordingsKey }));
  // Camera, day and zoom live in the URL, so a link (or a reload) reopens the same footage.
  const [params, setParams] = useSearchParams();
  const cameras = useQuery(cameraChoicesQuery);
  const choice = chooseCamera(params.get('camera'), cameras.data);
  const cameraId = choice.id;
  const day = isDay(params.get('day')) ? params.get('day')! : todayIn(timeZone);
  const zoom = readZoom(params.get('zoom'));
  const timeline = useQuery(timelineQuery(cameraId, day, timeZone));
  const dayEvents = useQuery(dayEventsQuery(cameraId, timeline.data?.start, timeline.data?.end));
  useRealtimeEvent(
    TOPIC_EVENTS,
    () => void queryClient.invalidateQueries({ queryKey: [...recordingsKey, 'events', cameraId] }),
  );
  const [seek, setSeek] = useState<SeekRequest | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const [rate, setRate] = useState(1);
  const [failed, setFailed] = useState(false);
  const [gap, setGap] = useState<Gap | null>(null);
  // The centre of the zoomed window; null until the person pans or picks (then the latest footage).
  const [centre, setCentre] = useState<number | null>(null);

  const dayRange = useMemo(
    () => (timeline.data ? { start: Date.parse(timeline.data.start), end: Date.parse(timeline.data.end) } : null),
    [timeline.data],
  );
  const spans = useMemo(() => parseSpans(timeline.data?.spans ?? []), [timeline.data]);
  // One playlist per camera-day, built when the viewer first picks a moment.
  const [src, setSrc] = useState<string | null>(null);
  const value = playing ?? seek?.at ?? dayRange?.start ?? 0;
  const picked = playing ?? seek?.at ?? null;
  const opening = (z: Zoom) => (dayRange ? openingCentre(dayRange, z, Date.now(), spans.at(-1)?.end) : 0);
  const view = dayRange ? windowAround(dayRange, zoom, centre ?? picked ?? opening(zoom)) : null;

  // Playback that runs off the shown window takes the window along; a window panned away stays put.
  const lastValue = useRef(value);
  useEffect(() => {
    const was = lastValue.current;
    lastValue.current = value;
    if (view && was >= view.start && was <= view.end && (value < view.start || value > view.end)) setCentre(value);
  }, [value, view]);

  const setParam = (key: string, v: string) => {
    const next = new URLSearchParams(params);
    next.set(key, v);
    setParams(next, { replace: true });
    setSrc(null);
    setSeek(null);
    setPlaying(null);
    setGap(null);
    setCentre(null);
  };

  const setZoom = (z: Zoom) => {
    const next = new URLSearchParams(params);
    next.set('zoom', z);
    setParams(next, { replace: true });
    // Zooming keeps the playhead (or what a zoomed window shows) in the middle; zooming into the
    // whole day with nothing picked opens on now (today) or on the latest footage (another day).
    if (!view || !dayRange) return;
    const wholeDay = view.start <= dayRange.start && view.end >= dayRange.end;
    setCentre(picked ?? (wholeDay ? opening(z) : (view.start + view.end) / 2));
  };

  const time = (ms: number) => formatClock(ms, timeZone, i18n.language, { seconds: false });

  // A link with ?at= (an event's "open in recordings") plays that moment once the day is loaded.
  const linkedAt = Date.parse(params.get('at') ?? '');
  const playedLink = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the day's timeline arrives.
  useEffect(() => {
    if (playedLink.current || !timeline.data || !Number.isFinite(linkedAt)) return;
    playedLink.current = true;
    play(linkedAt);
  }, [timeline.data]);

  const play = (ms: number, { exact = false, snapMs = 0 }: { exact?: boolean; snapMs?: number } = {}) => {
    if (!timeline.data) return;
    setFailed(false);
    setGap(null);
    // The window stays where the person is looking (a pick is inside it, or it follows the playhead).
    if (view) setCentre((view.start + view.end) / 2);
    const inGap = exact ? null : gapAt(spans, ms, snapMs);
    if (inGap) {
      // Nothing recorded there: say so and offer the next recording, rather than silently playing it.
      setGap(inGap);
      setSeek({ at: ms, nonce: Date.now(), pause: true });
      setPlaying(null);
      return;
    }
    if (exact && !spanAt(spans, ms)) {
      // A keyboard step into a gap moves the cursor there; playback waits for footage.
      setSeek({ at: ms, nonce: Date.now(), pause: true });
      setPlaying(null);
      return;
    }
    const from = playableFrom(spans, ms, snapMs);
    if (from === null) {
      // Nothing recorded from there on: move the cursor, play nothing.
      setPlaying(ms);
      return;
    }
    // A playlist loaded earlier today does not know newer footage: rebuild it to reach it.
    const stale = !src || from >= Date.parse(new URL(src, location.href).searchParams.get('built') ?? '0');
    if (stale) setSrc(`${vodUrl(cameraId, timeline.data.start, timeline.data.end)}&built=${Date.now()}`);
    setSeek({ at: from, nonce: Date.now() });
    // The slider shows the picked instant until the video reports where it really is.
    setPlaying(null);
  };

  const recs = timeline.data?.recordings ?? [];
  const current = value;
  const prev = [...recs].reverse().find((r) => Date.parse(r.start) < current - 1000);
  const next = recs.find((r) => Date.parse(r.start) > current);

  return (
    <>
      <PageHeader title={t('pages.viewer.recordings')} description={t('recordings.description')} />
      <PruneNotices notices={notices.data ?? []} timeZone={timeZone} isOwner={isOwner} />
      {cameras.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : cameras.isError ? (
        <Banner tone="error">{t(errorKey(cameras.error instanceof ApiError ? cameras.error.code : 'unknown'))}</Banner>
      ) : cameras.data.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted">
          {t('recordings.noCameras')}
        </p>
      ) : (
        <>
          {choice.replaced && (
            <Banner tone="info" className="mb-4" data-testid="camera-replaced">
              {t('recordings.cameraReplaced', { name: cameras.data.find((c) => c.id === cameraId)?.name ?? '' })}
            </Banner>
          )}
          <div className="mb-4 grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t('recordings.camera')}
              value={cameraId}
              onChange={(e) => setParam('camera', e.target.value)}
              options={cameras.data.map((c) => ({ value: c.id, label: c.name }))}
            />
            <TextField
              label={t('recordings.day')}
              type="date"
              value={day}
              max={todayIn(timeZone)}
              onChange={(e) => isDay(e.target.value) && setParam('day', e.target.value)}
            />
          </div>
          {timeline.isPending ? (
            <Spinner label={t('app.loading')} />
          ) : timeline.isError ? (
            <Banner tone="error">
              {t(errorKey(timeline.error instanceof ApiError ? timeline.error.code : 'unknown'))}
            </Banner>
          ) : (
            <>
              <TimelineZoom
                zoom={zoom}
                day={dayRange!}
                view={view!}
                timeZone={timeZone}
                onZoom={setZoom}
                onPan={(direction) => setCentre(((w) => (w.start + w.end) / 2)(panWindow(dayRange!, view!, direction)))}
              />
              <TimelineBar
                cameraId={cameraId}
                day={dayRange!}
                view={view!}
                spans={spans}
                value={value}
                timeZone={timeZone}
                onPick={play}
              />
              {view && <EventMarks view={view} events={dayEvents.data ?? []} time={time} onPlay={(ms) => play(ms)} />}
              {gap && <GapNotice gap={gap} time={time} onPlay={(ms) => play(ms)} />}
              <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-muted" aria-hidden="true">
                <span className="inline-flex items-center gap-1">
                  <span className="inline-block h-3 w-3 rounded-sm bg-primary" /> {t('recordings.legendRecorded')}
                </span>
                <span className="inline-flex items-center gap-1">
                  <span className="inline-block h-3 w-3 rounded-sm border border-line bg-sunken" />{' '}
                  {t('recordings.legendGap')}
                </span>
                <span className="inline-flex items-center gap-1">
                  <span className="inline-block h-3 w-1.5 rounded-sm bg-danger" /> {t('recordings.legendAlert')}
                </span>
                <span className="inline-flex items-center gap-1">
                  <span className="inline-block h-3 w-1.5 rounded-sm bg-warn-fg" /> {t('recordings.legendEvent')}
                </span>
              </div>
              {spans.length === 0 && <p className="mt-4 text-muted">{t('recordings.noFootage')}</p>}
              <div className="mt-4">
                {failed && <Banner tone="error">{t('recordings.playbackError')}</Banner>}
                {src ? (
                  <VodPlayer
                    src={src}
                    seek={seek}
                    rate={rate}
                    onTime={(ms) => !seek?.pause && setPlaying(ms)}
                    onError={() => setFailed(true)}
                  />
                ) : (
                  spans.length > 0 && (
                    <p className="flex aspect-video w-full items-center justify-center rounded-lg bg-sunken p-4 text-center text-muted">
                      {t('recordings.pickMoment')}
                    </p>
                  )
                )}
              </div>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                <div className="flex gap-2">
                  <Button variant="secondary" disabled={!prev} onClick={() => prev && play(Date.parse(prev.start))}>
                    {t('recordings.previous')}
                  </Button>
                  <Button variant="secondary" disabled={!next} onClick={() => next && play(Date.parse(next.start))}>
                    {t('recordings.next')}
                  </Button>
                </div>
                {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset. */}
                <div role="group" aria-label={t('recordings.speed')} className="flex gap-1">
                  {SPEEDS.map((s) => (
                    <Button
                      key={s}
                      variant={rate === s ? 'primary' : 'secondary'}
                      aria-pressed={rate === s}
                      onClick={() => setRate(s)}
                    >
                      {t('recordings.speedValue', { value: s })}
                    </Button>
                  ))}
                </div>
              </div>
              {recs.length > 0 && (
                <RecordingList
                  recordings={recs}
                  timeZone={timeZone}
                  canProtect={canProtect}
                  onPlay={(ms) => play(ms)}
                />
              )}
            </>
          )}
        </>
      )}
    </>
  );
}
