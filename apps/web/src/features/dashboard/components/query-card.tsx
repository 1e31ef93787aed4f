import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorKey } from '../../../lib/errors.ts';

/** A dashboard card fed by one query: a spinner, then the failure's words or `children`, and its link onward. */
export function QueryCard<T>({
  title,
  query,
  link,
  children,
  className,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  link: { to: string; label: string };
  children(data: T): ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card title={title} className={className}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <p className="text-sm text-danger">
          {t(errorKey(query.error instanceof ApiError ? query.error.code : 'unknown'))}
        </p>
      ) : (
        children(query.data as T)
      )}
      <Link to={link.to} className="mt-4 inline-block text-sm font-medium text-primary underline underline-offset-4">
        {link.label}
      </Link>
    </Card>
  );
}
