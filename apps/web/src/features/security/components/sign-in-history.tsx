import { useInfiniteQuery } from '@tanstack/react-query';
import type { SignInAttempt } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { signInsQuery } from '../api.ts';
import { clientLabel } from './client-label.ts';

const cell = 'border-b border-line px-3 py-2 text-left align-top';

/** The person's sign-in attempts, newest first: successes and failures, with address and browser. */
export function SignInHistory({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const query = useInfiniteQuery(signInsQuery);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card title={t('security.history.title')} className="min-w-0">
      <p className="mb-4 text-sm text-muted">{t('security.history.intro')}</p>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('security.history.empty')}</p>
      ) : (
        <>
          {/* A phone gets one card per attempt; wider screens the table. */}
          <ul className="flex flex-col divide-y divide-line sm:hidden">
            {items.map((a) => (
              <li key={a.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="sign-in-card">
                <div className="flex flex-wrap items-center gap-2">
                  <Outcome attempt={a} />
                </div>
                <time dateTime={a.at} className="text-muted">
                  {formatDateTime(a.at, timeZone, i18n.language)}
                </time>
                <span className="text-fg">
                  <span className="font-mono">{a.address ?? '—'}</span> · {clientLabel(t, a)}
                </span>
              </li>
            ))}
          </ul>
          <table className="hidden w-full border-collapse text-sm sm:table" data-testid="sign-in-history">
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col" className={cell}>
                  {t('security.history.time')}
                </th>
                <th scope="col" className={cell}>
                  {t('security.history.result')}
                </th>
                <th scope="col" className={cell}>
                  {t('security.address')}
                </th>
                <th scope="col" className={cell}>
                  {t('security.history.client')}
                </th>
              </tr>
            </thead>
            <tbody className="text-fg">
              {items.map((a) => (
                <tr key={a.id} data-testid="sign-in" data-ok={a.ok}>
                  <td className={`${cell} whitespace-nowrap`}>
                    <time dateTime={a.at}>{formatDateTime(a.at, timeZone, i18n.language)}</time>
                  </td>
                  <td className={cell}>
                    <Outcome attempt={a} />
                  </td>
                  <td className={`${cell} font-mono break-all`}>{a.address ?? '—'}</td>
                  <td className={cell}>{clientLabel(t, a)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <LoadMoreButton list={query} label={t('security.history.loadMore')} className="mt-4" />
    </Card>
  );
}

/** Signed in or failed (in words; colour only repeats it), and how or why. */
function Outcome({ attempt: a }: { attempt: SignInAttempt }) {
  const { t } = useTranslation();
  return (
    <>
      <span
        className={cn(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
          a.ok ? 'bg-ok-bg text-ok-fg' : 'bg-error-bg text-error-fg',
        )}
      >
        {t(a.ok ? 'security.history.ok' : 'security.history.failed')}
      </span>
      <span className="ml-2 text-muted">
        {a.ok ? t(`security.method.${a.method ?? 'password'}`) : t(`security.reason.${a.reason}`)}
      </span>
    </>
  );
}
