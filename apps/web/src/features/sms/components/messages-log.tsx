import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { cellLabels } from '../../../lib/cell-labels.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { smsMessagesQuery } from '../api.ts';
import { StatusBadge } from './status-badge.tsx';

const cell = 'border-b border-line px-3 py-2 text-left align-top';

/** Every message, newest first: to whom (masked), when, the provider's status, its cost and error. */
export function MessagesLog({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const query = useInfiniteQuery(smsMessagesQuery);
  const messages = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card title={t('sms.log.title')} className="min-w-0">
      <div className="mb-3">
        <Button variant="secondary" busy={query.isRefetching} onClick={() => void query.refetch()}>
          {t('sms.log.refresh')}
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : messages.length === 0 ? (
        <p className="text-sm text-muted">{t('sms.log.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table
            ref={cellLabels}
            className="stack-table w-full border-collapse text-sm sm:min-w-[560px]"
            data-testid="sms-log"
          >
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className={cell}>
                  {t('sms.log.time')}
                </th>
                <th scope="col" className={cell}>
                  {t('sms.log.to')}
                </th>
                <th scope="col" className={cell}>
                  {t('sms.log.status')}
                </th>
                <th scope="col" className={cell}>
                  {t('sms.log.segments')}
                </th>
                <th scope="col" className={cell}>
                  {t('sms.log.error')}
                </th>
              </tr>
            </thead>
            <tbody className="text-fg">
              {messages.map((m) => (
                <tr key={m.id}>
                  <td className={cell}>
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, timeZone, i18n.language)}</time>
                    {m.test && <span className="ml-2 text-xs text-muted">{t('sms.log.test')}</span>}
                  </td>
                  <td className={`${cell} font-mono whitespace-nowrap`}>{m.to}</td>
                  <td className={cell}>
                    <StatusBadge status={m.status} />
                  </td>
                  <td className={cell}>
                    {m.segments} · {m.encoding}
                  </td>
                  <td className={`${cell} break-words text-muted`}>
                    {m.error ? `${m.errorCode ? `${m.errorCode}: ` : ''}${m.error}` : (m.errorCode ?? '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMoreButton list={query} label={t('sms.log.loadMore')} className="mt-4" />
    </Card>
  );
}
