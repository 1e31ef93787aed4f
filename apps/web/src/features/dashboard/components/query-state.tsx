import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';

/** A dashboard's one query: a spinner, then the failure's words or `children` with the data. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError || query.data === undefined)
    return (
      <p className="text-sm text-danger" role="alert">
        {t(errorKey(query.error instanceof ApiError ? query.error.code : 'unknown'))}
      </p>
    );
  return children(query.data);
}
