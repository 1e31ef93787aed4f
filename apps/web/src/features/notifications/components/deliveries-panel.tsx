import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from '@vigil/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { deliveriesQuery, useRetryDelivery } from '../api.ts';
import { type DeliveryFilters, deliveryFiltersOf, withDeliveryFilters } from '../delivery-model.ts';
import { DeliveryRow } from './delivery-row.tsx';

/**
 * Statuses change in the send worker with no realtime topic of their own, so the log re-reads
 * its loaded pages every 10 s while this tab is shown (and the browser tab visible).
 */
const REFRESH_MS = 10_000;

export function DeliveriesPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const timeZone = useSession().me?.user.preferences.timezone ?? 'UTC';
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => deliveryFiltersOf(params), [params]);
  const list = useInfiniteQuery({ ...deliveriesQuery(filters), refetchInterval: REFRESH_MS });
  const retry = useRetryDelivery();
  const setFilters = (next: DeliveryFilters) => setParams(withDeliveryFilters(params, next), { replace: true });
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const filtered = filters.channel !== '' || filters.status !== '';
  const all = { value: '', label: t('notifications.log.all') };

  const col = 'px-3 py-2 text-left font-medium';
  return (
    <section aria-labelledby="log-heading" className="flex flex-col gap-4">
      <div>
        <h3 id="log-heading" className="text-base font-semibold text-fg">
          {t('notifications.tab.deliveries')}
        </h3>
        <p className="text-sm text-muted">{t('notifications.log.intro')}</p>
      </div>
      <search
        aria-label={t('notifications.log.filters')}
        className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      >
        <SelectField
          className="min-w-0 sm:min-w-40"
          label={t('notifications.log.channel')}
          value={filters.channel}
          onChange={(e) => setFilters({ ...filters, channel: e.target.value as DeliveryFilters['channel'] })}
          options={[all, ...DELIVERY_CHANNELS.map((c) => ({ value: c, label: t(`notifications.channel.${c}`) }))]}
        />
        <SelectField
          className="min-w-0 sm:min-w-40"
          label={t('notifications.log.status')}
          value={filters.status}
          onChange={(e) => setFilters({ ...filters, status: e.target.value as DeliveryFilters['status'] })}
          options={[all, ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`notifications.status.${s}`) }))]}
        />
        {filtered && (
          <Button variant="ghost" onClick={() => setFilters({ channel: '', status: '' })}>
            {t('notifications.log.clear')}
          </Button>
        )}
      </search>
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : list.isError ? (
        <Banner tone="error">{errorText(list.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="rounded-md border border-line p-4 text-center text-sm text-muted" data-testid="deliveries-empty">
          {t(filtered ? 'notifications.log.emptyFiltered' : 'notifications.log.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="block w-full text-sm text-fg sm:table">
            <caption className="sr-only">{t('notifications.log.caption')}</caption>
            <thead className="hidden bg-sunken sm:table-header-group">
              <tr>
                <th scope="col" className={col}>
                  {t('notifications.log.time')}
                </th>
                <th scope="col" className={col}>
                  {t('notifications.log.channel')}
                </th>
                <th scope="col" className={col}>
                  {t('notifications.log.destination')}
                </th>
                <th scope="col" className={col}>
                  {t('notifications.log.status')}
                </th>
                <th scope="col" className={col}>
                  {t('notifications.log.attempts')}
                </th>
                <th scope="col" className={col}>
                  {t('notifications.log.event')}
                </th>
                <th scope="col" className={col}>
                  <span className="sr-only">{t('notifications.log.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="block sm:table-row-group">
              {items.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  timeZone={timeZone}
                  retrying={retry.isPending && retry.variables === d.id}
                  onRetry={() =>
                    retry.mutate(d.id, {
                      onSuccess: () => toast({ kind: 'success', text: t('notifications.log.retried') }),
                      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMoreButton list={list} label={t('notifications.log.loadMore')} />
    </section>
  );
}
