import type { VigilEvent } from '@vigil/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { TOPIC_EVENTS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { eventCamerasQuery, eventListQuery, eventsKey, useAcknowledge } from '../api.ts';
import { EventDialog } from '../components/event-dialog.tsx';
import { EventRow } from '../components/event-row.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import {
  type EventFilters,
  apiFilter,
  badRange,
  filtersFromQuery,
  filtersToQuery,
  hasFilters,
} from '../filter-model.ts';
import '../translations.ts';

export function EventsPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  // Owners count as managers; viewers read events but do not deal with them.
  const canHandle = session.hasAnyRole(['operator', 'manager', 'admin']);
  const queryClient = useQueryClient();
  // The filters and the open event live in the URL, so a link (the alert bell's too) reopens the same view.
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(params), [params]);
  const openId = params.get('id') ?? '';
  const cameras = useQuery(eventCamerasQuery);
  const list = useInfiniteQuery({ ...eventListQuery(filters), enabled: !badRange(filters) });
  const acknowledge = useAcknowledge();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);

  // New and changed events: refetch the loaded pages (newest on top, the scroll position stays).
  useRealtimeEvent(TOPIC_EVENTS, () => void queryClient.invalidateQueries({ queryKey: eventsKey }));

  const names = useMemo(() => new Map((cameras.data ?? []).map((c) => [c.id, c.name])), [cameras.data]);
  const cameraName = (id: string | null) => (id ? (names.get(id) ?? t('events.deletedCamera')) : '');
  const events = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const unacked = events.filter((e) => !e.acknowledgedAt);
  const chosen = events.filter((e) => selected.has(e.id) && !e.acknowledgedAt).map((e) => e.id);

  const setFilters = (next: EventFilters) => {
    setParams(filtersToQuery(next, params), { replace: true });
    setSelected(new Set());
  };
  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('id', id);
    setParams(next);
  };
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('id');
    setParams(next, { replace: true });
  };
  const select = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const ackLabel = (e: VigilEvent) =>
    t(e.acknowledgedBy === session.user?.uid ? 'events.acknowledgedByYou' : 'events.acknowledgedByTeammate', {
      when: formatDateTime(e.acknowledgedAt, timeZone, i18n.language),
    });

  const ack = (input: { ids: string[] } | { filter: ReturnType<typeof apiFilter> }, done?: () => void) =>
    acknowledge.mutate(input, {
      onSuccess: ({ acknowledged }) => {
        toast({ kind: 'success', text: t('events.acknowledgedCount', { count: acknowledged }) });
        setSelected(new Set());
        done?.();
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });

  const filterSummary = () => {
    if (!hasFilters(filters)) return t('events.confirmAll.everything');
    const parts: string[] = [];
    if (filters.cameraId) parts.push(`${t('events.filter.camera')}: ${cameraName(filters.cameraId)}`);
    if (filters.kind) parts.push(`${t('events.filter.kind')}: ${t(`events.kind.${filters.kind}`)}`);
    if (filters.severity) parts.push(`${t('events.filter.severity')}: ${t(`events.severity.${filters.severity}`)}`);
    if (filters.from)
      parts.push(`${t('events.filter.from')}: ${formatDateTime(filters.from, timeZone, i18n.language, 'second')}`);
    if (filters.to)
      parts.push(`${t('events.filter.to')}: ${formatDateTime(filters.to, timeZone, i18n.language, 'second')}`);
    if (filters.acknowledged !== 'all')
      parts.push(t(filters.acknowledged === 'no' ? 'events.filter.unacknowledged' : 'events.filter.acknowledgedOnly'));
    return t('events.confirmAll.matching', { filter: parts.join(' · ') });
  };

  const allChecked = unacked.length > 0 && unacked.every((e) => selected.has(e.id));

  return (
    <>
      <PageHeader title={t('pages.viewer.events')} description={t('events.description')} />
      <FilterBar filters={filters} cameras={cameras.data ?? []} timeZone={timeZone} onChange={setFilters} />
      {canHandle && events.length > 0 && (
        <div
          className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line bg-surface px-4 py-3"
          role="toolbar"
          aria-label={t('events.actions')}
        >
          <label className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              className="h-5 w-5 accent-primary"
              checked={allChecked}
              disabled={unacked.length === 0}
              onChange={(e) => setSelected(new Set(e.target.checked ? unacked.map((x) => x.id) : []))}
            />
            {t('events.selectAll')}
          </label>
          <span className="text-sm text-muted" aria-live="polite">
            {t('events.selectedCount', { count: chosen.length })}
          </span>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button
              disabled={chosen.length === 0}
              busy={acknowledge.isPending && 'ids' in (acknowledge.variables ?? {}) && chosen.length > 1}
              onClick={() => ack({ ids: chosen })}
            >
              {t('events.acknowledgeSelected')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmAll(true)}>
              {t('events.acknowledgeAll')}
            </Button>
          </div>
        </div>
      )}
      <section aria-labelledby="events-list">
        <h2 id="events-list" className="sr-only">
          {t('events.list')}
        </h2>
        {badRange(filters) ? null : list.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : list.isError ? (
          <Banner tone="error">
            {errorText(list.error)}{' '}
            <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
              {t('events.retry')}
            </button>
          </Banner>
        ) : events.length === 0 ? (
          <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted" data-testid="events-empty">
            {hasFilters(filters) ? t('events.emptyFiltered') : t('events.empty')}
          </p>
        ) : (
          <>
            <ul className="grid gap-2" data-testid="event-list">
              {events.map((e) => (
                <EventRow
                  key={e.id}
                  event={e}
                  cameraName={cameraName(e.cameraId)}
                  timeZone={timeZone}
                  selected={selected.has(e.id)}
                  onSelect={canHandle && !e.acknowledgedAt ? select : null}
                  onOpen={open}
                  onAcknowledge={canHandle ? (id) => ack({ ids: [id] }) : null}
                  acknowledging={
                    acknowledge.isPending && JSON.stringify(acknowledge.variables) === JSON.stringify({ ids: [e.id] })
                  }
                  ackLabel={ackLabel(e)}
                />
              ))}
            </ul>
            <LoadMoreButton list={list} label={t('events.loadMore')} className="mt-4 flex justify-center" />
          </>
        )}
      </section>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t('events.confirmAll.title')}
        description={filterSummary()}
        confirmLabel={t('events.acknowledgeAll')}
        cancelLabel={t('events.cancel')}
        busy={acknowledge.isPending}
        onConfirm={() => ack({ filter: apiFilter(filters) }, () => setConfirmAll(false))}
      />
      {openId && (
        <EventDialog
          id={openId}
          onClose={close}
          cameraName={cameraName}
          ackLabel={ackLabel}
          timeZone={timeZone}
          canHandle={canHandle}
          canCreateTask={session.hasAnyRole(['manager', 'admin'])}
        />
      )}
    </>
  );
}
