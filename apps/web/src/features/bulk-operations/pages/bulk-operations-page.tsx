import type { BulkChange } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatNumber } from '../../../lib/format.ts';
import { TOPIC_BULK_OPERATIONS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { bulkKey, operationQuery, previewQuery, recentQuery, schedulesQuery, useCreateOperation } from '../api.ts';
import {
  EMPTY_FILTER,
  INITIAL_CHANGE,
  type Names,
  describeChange,
  isActive,
  requestBody,
  selectedCount,
  toChange,
  toFilter,
} from '../bulk-model.ts';
import { ApplyDialog } from '../components/apply-dialog.tsx';
import { CameraPicker } from '../components/camera-picker.tsx';
import { ChangeForm } from '../components/change-form.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { ProgressPanel } from '../components/progress-panel.tsx';
import { RecentOperations } from '../components/recent-operations.tsx';
import '../translations.ts';

/**
 * /vms/bulk-operations (the VMS plan): choose cameras across sites by filter, tick the
 * ones to change, pick one change, confirm (a delete by typing how many), then follow it live
 * (the `bulk-operations` topic) to every camera's result. The operation on show is `?id=`.
 */
export function BulkOperationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.vms.bulk-operations')} description={t('pages.vms.bulk-operations.desc')} />
      <BulkWorkspace />
    </>
  );
}

function BulkWorkspace() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id') ?? '';

  const [filterState, setFilterState] = useState(EMPTY_FILTER);
  const q = useDebouncedValue(filterState.q, 300);
  const filter = useMemo(() => toFilter({ ...filterState, q }), [filterState, q]);
  const preview = useQuery(previewQuery(filter));
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set());
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter is a new choice: every camera ticked again.
  useEffect(() => setExcluded(new Set()), [filterKey]);
  const [changeState, setChangeState] = useState(INITIAL_CHANGE);
  const schedules = useQuery(schedulesQuery);
  const recent = useQuery(recentQuery);
  const op = useQuery(operationQuery(openId));
  const create = useCreateOperation();
  const [confirming, setConfirming] = useState(false);
  const progressRef = useRef<HTMLDivElement>(null);

  // Progress arrives live; the preview catches up once an operation has changed the cameras.
  useRealtimeEvent(TOPIC_BULK_OPERATIONS, () => {
    void queryClient.invalidateQueries({ queryKey: [...bulkKey, 'recent'] });
    if (openId) void queryClient.invalidateQueries({ queryKey: [...bulkKey, 'one', openId] });
  });
  const status = op.data?.status;
  useEffect(() => {
    if (status === 'done' || status === 'failed')
      void queryClient.invalidateQueries({ queryKey: [...bulkKey, 'preview'] });
  }, [status, queryClient]);

  const items = preview.data?.items ?? [];
  const selection = { count: preview.data?.count ?? 0, shownIds: items.map((c) => c.id), excluded };
  const chosen = selectedCount(selection);
  const change = toChange(changeState, chosen);
  const names: Names = {
    schedule: (id) => schedules.data?.find((s) => s.id === id)?.name,
    site: (id) => preview.data?.sites.find((s) => s.id === id)?.name,
  };
  const describe = (c: BulkChange) => describeChange(c, names, t);
  const busyElsewhere = !!op.data && isActive(op.data);

  const apply = () => {
    if (!change) return;
    create.mutate(requestBody(filter, selection, change), {
      onSuccess: ({ id }) => {
        setConfirming(false);
        toast({ kind: 'success', text: t('bulk.started') });
        setParams(new URLSearchParams({ id }));
        requestAnimationFrame(() => progressRef.current?.focus());
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  return (
    <div className="grid gap-6">
      <Card title={t('bulk.step.cameras')}>
        <div className="grid gap-4">
          <FilterBar filter={filterState} options={preview.data} onChange={setFilterState} />
          {preview.isPending ? (
            <Spinner label={t('app.loading')} />
          ) : preview.isError ? (
            <Banner tone="error">{errorText(preview.error)}</Banner>
          ) : (
            <CameraPicker
              items={items}
              count={preview.data.count}
              excluded={excluded}
              onToggle={(id, on) =>
                setExcluded((prev) => {
                  const next = new Set(prev);
                  if (on) next.delete(id);
                  else next.add(id);
                  return next;
                })
              }
              onToggleAll={(on) => setExcluded(on ? new Set() : new Set(items.map((c) => c.id)))}
            />
          )}
        </div>
      </Card>

      <Card title={t('bulk.step.change')}>
        <div className="grid gap-4">
          <ChangeForm
            state={changeState}
            schedules={schedules.data ?? []}
            sites={preview.data?.sites ?? []}
            onChange={setChangeState}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant={changeState.kind === 'delete' ? 'danger' : 'primary'}
              disabled={!change || chosen === 0}
              onClick={() => setConfirming(true)}
            >
              {t('bulk.apply.open', { count: chosen, n: formatNumber(chosen, i18n.language) })}
            </Button>
            {busyElsewhere && <p className="text-sm text-muted">{t('bulk.stillRunning')}</p>}
          </div>
        </div>
      </Card>

      {openId && (
        <div ref={progressRef} tabIndex={-1} className="rounded-lg focus-visible:outline-2">
          <Card title={t('bulk.step.progress')}>
            {op.isPending ? (
              <Spinner label={t('app.loading')} />
            ) : op.isError ? (
              <Banner tone="error">{errorText(op.error)}</Banner>
            ) : (
              <ProgressPanel op={op.data} summary={describe(op.data.change)} timeZone={timeZone} />
            )}
          </Card>
        </div>
      )}

      <Card title={t('bulk.step.recent')}>
        {recent.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : recent.isError ? (
          <Banner tone="error">{errorText(recent.error)}</Banner>
        ) : (
          <RecentOperations
            items={recent.data}
            openId={openId}
            describe={(o) => describe(o.change)}
            timeZone={timeZone}
            onOpen={(id) => {
              setParams(new URLSearchParams({ id }));
              requestAnimationFrame(() => progressRef.current?.focus());
            }}
          />
        )}
      </Card>

      {change && (
        <ApplyDialog
          open={confirming}
          onOpenChange={setConfirming}
          summary={describe(change)}
          count={chosen}
          destructive={change.kind === 'delete'}
          busy={create.isPending}
          onConfirm={apply}
        />
      )}
    </div>
  );
}
