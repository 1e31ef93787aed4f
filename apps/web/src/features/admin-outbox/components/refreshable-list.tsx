import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';

/**
 * An administrator's list (the sent mail, the failed jobs) in its card: what it holds, a refresh
 * (nothing pushes these), then a spinner, the failure, "empty", or `children`; `after` follows
 * the list (a "load more"). Its words are `<strings>.title`, `.intro`, `.refresh` and `.empty`.
 */
export function RefreshableList({
  strings,
  query,
  count,
  children,
  after,
}: {
  strings: 'outbox' | 'jobs';
  query: { isPending: boolean; isError: boolean; error: unknown; isRefetching: boolean; refetch(): Promise<unknown> };
  count: number;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t(`${strings}.title`)}>
      <p className="mb-4 text-sm text-muted">{t(`${strings}.intro`)}</p>
      <div className="mb-4">
        <Button variant="secondary" busy={query.isRefetching} onClick={() => void query.refetch()}>
          {t(`${strings}.refresh`)}
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{t(errorKey(query.error instanceof ApiError ? query.error.code : 'unknown'))}</Banner>
      ) : count === 0 ? (
        <p className="text-sm text-muted">{t(`${strings}.empty`)}</p>
      ) : (
        children
      )}
      {after}
    </Card>
  );
}
