import { useInfiniteQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { outboxQuery } from '../api.ts';
import { RefreshableList } from './refreshable-list.tsx';

const TONE: Record<OutboxMessage['status'], BadgeTone> = {
  queued: 'muted',
  sending: 'info',
  sent: 'ok',
  failed: 'error',
  interrupted: 'warn',
};

/**
 * Mail the installation sent or queued, with where each stands. With no SMTP configured (the
 * embedded default) this is where an admin reads password-reset links; mail sent over SMTP shows
 * its links with the token hidden (the server hides it).
 */
export function OutboxList({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery(outboxQuery);
  const messages = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <RefreshableList
      strings="outbox"
      query={query}
      count={messages.length}
      after={<LoadMoreButton list={query} label={t('outbox.loadMore')} className="mt-4" />}
    >
      <ul className="flex flex-col gap-2" data-testid="outbox-list">
        {messages.map((m) => (
          <li key={m.id} className="rounded-md border border-line">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-4 gap-y-1 p-3 text-sm">
                <span className="font-medium text-fg">{m.subject}</span>
                <span className="break-all text-muted">{t('outbox.to', { to: m.to })}</span>
                <span className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-1 text-xs text-muted">
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, timeZone, i18n.language)}</time>
                  <Badge tone={TONE[m.status]} data-testid="outbox-status">
                    {m.status === 'sent'
                      ? t('outbox.sent', { transport: m.transport })
                      : m.transport === 'outbox'
                        ? t('outbox.inOutbox')
                        : t(`outbox.status.${m.status}`)}
                  </Badge>
                </span>
              </summary>
              {m.lastError && m.status !== 'sent' && (
                <p className="border-t border-line px-3 py-2 text-xs break-words text-error-fg">
                  {t('outbox.lastError', { error: m.lastError })}
                </p>
              )}
              <pre className="overflow-x-auto border-t border-line bg-sunken p-3 text-xs break-words whitespace-pre-wrap text-fg">
                {m.text}
              </pre>
            </details>
          </li>
        ))}
      </ul>
    </RefreshableList>
  );
}
