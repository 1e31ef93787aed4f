import type { Task } from '@vigil/shared';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreButton } from '../../../components/ui/button.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';

/** A paged list of tasks: loading, failure, empty, the rows and "Show more". */
export function TaskList({
  query,
  label,
  empty,
  row,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: Task[]; nextCursor: string | null }>>;
  label: string;
  empty: string;
  row(task: Task): ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError) return <Banner tone="error">{errorText(query.error)}</Banner>;
  const tasks = query.data.pages.flatMap((p) => p.items);
  return (
    <>
      {tasks.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted">{empty}</p>
      ) : (
        <ul className="grid gap-3" aria-label={label}>
          {tasks.map(row)}
        </ul>
      )}
      <LoadMoreButton list={query} label={t('tasks.more')} className="mt-4 flex justify-center" />
    </>
  );
}
