import type { Delivery } from '@vigil/shared';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { type Tone, canRetry, statusTone } from '../delivery-model.ts';

const toneClass: Record<Tone, string> = {
  ok: 'bg-ok-bg text-ok-fg',
  error: 'bg-error-bg text-error-fg',
  warn: 'bg-warn-bg text-warn-fg',
  info: 'bg-info-bg text-info-fg',
  neutral: 'bg-sunken text-fg',
};

/** A cell that, on a phone, becomes a labelled line of a card (the header row is hidden there). */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn('flex gap-2 px-3 py-1 sm:table-cell sm:py-2 sm:align-top', className)}>
      <span aria-hidden="true" className="w-28 shrink-0 text-muted sm:hidden">
        {label}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </td>
  );
}

/** One delivery: a row of the log, its attempts unfolding beneath it. */
export function DeliveryRow(props: { delivery: Delivery; timeZone: string; retrying: boolean; onRetry(): void }) {
  const { delivery: d, timeZone, retrying, onRetry } = props;
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const attemptsId = useId();
  const lng = i18n.language;
  const channel = t(`notifications.channel.${d.channel}`);
  return (
    <>
      <tr data-testid="delivery-row" className="block border-t border-line py-2 sm:table-row sm:py-0">
        <Cell label={t('notifications.log.time')}>
          <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, timeZone, lng, 'second')}</time>
        </Cell>
        <Cell label={t('notifications.log.channel')}>{channel}</Cell>
        <Cell label={t('notifications.log.destination')}>
          <span className="font-mono text-xs">{d.destination}</span>
        </Cell>
        <Cell label={t('notifications.log.status')}>
          <span
            className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', toneClass[statusTone(d.status)])}
            data-testid="delivery-status"
          >
            {t(`notifications.status.${d.status}`)}
          </span>
        </Cell>
        <Cell label={t('notifications.log.attempts')}>
          {d.attempts.length ? (
            <button
              type="button"
              className="text-primary underline"
              aria-expanded={open}
              aria-controls={attemptsId}
              onClick={() => setOpen((o) => !o)}
            >
              {t('notifications.log.attemptsCount', { count: d.attempts.length })}
            </button>
          ) : (
            <span className="text-muted">{t('notifications.log.noAttempts')}</span>
          )}
        </Cell>
        <Cell label={t('notifications.log.event')}>
          {d.eventId ? (
            <Link to={`/viewer/events?id=${encodeURIComponent(d.eventId)}`} className="text-primary underline">
              {t('notifications.log.openEvent')}
            </Link>
          ) : d.taskId ? (
            <Link to={`/manager/tasks?id=${encodeURIComponent(d.taskId)}`} className="text-primary underline">
              {t('notifications.log.openTask')}
            </Link>
          ) : (
            <span className="text-muted">{t('notifications.log.noEvent')}</span>
          )}
        </Cell>
        <td className="px-3 py-1 sm:table-cell sm:py-2 sm:align-top">
          {canRetry(d.status) && (
            <Button
              variant="secondary"
              className="min-h-8 px-3 py-1"
              busy={retrying}
              aria-label={t('notifications.log.retryLabel', { channel, destination: d.destination })}
              onClick={onRetry}
            >
              {t('notifications.log.retry')}
            </Button>
          )}
        </td>
      </tr>
      <tr id={attemptsId} hidden={!open} className={open ? 'block sm:table-row' : undefined}>
        <td colSpan={7} className="block px-3 pb-3 sm:table-cell">
          {d.lastError && (
            <p className="mb-1 text-sm break-words text-danger">
              {t('notifications.log.lastError', { error: d.lastError })}
            </p>
          )}
          <ol className="flex flex-col gap-1 rounded-md bg-sunken p-2 text-xs text-fg">
            {d.attempts.map((a) => (
              <li key={a.at} className="flex flex-wrap gap-x-3 gap-y-0.5" data-testid="delivery-attempt">
                <time dateTime={a.at}>{formatDateTime(a.at, timeZone, lng, 'second')}</time>
                <span className={a.ok ? 'text-ok-fg' : 'text-danger'}>
                  {t(a.ok ? 'notifications.log.attemptOk' : 'notifications.log.attemptFailed')}
                </span>
                <span>
                  {a.code === null ? t('notifications.log.noCode') : t('notifications.log.code', { code: a.code })}
                </span>
                <span>{t('notifications.log.duration', { ms: formatNumber(a.durationMs, lng, 0) })}</span>
                {a.error && <span className="min-w-0 break-words">{a.error}</span>}
              </li>
            ))}
          </ol>
        </td>
      </tr>
    </>
  );
}
