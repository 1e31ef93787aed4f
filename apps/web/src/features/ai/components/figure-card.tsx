import type { AiAnalyticsCsvFigure } from '@vigil/shared';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { cn } from '../../../lib/cn.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDownloadAiCsv } from '../api.ts';

/**
 * One AI figure: its title, a sentence saying what it shows (also the chart's accessible name),
 * the chart (lazy), the same figures as a table for everyone, and its CSV download.
 */
export function FigureCard({
  title,
  testId,
  query,
  figure,
  summary,
  chart,
  table,
  className,
}: {
  title: string;
  testId: string;
  query: string;
  figure: AiAnalyticsCsvFigure;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const download = useDownloadAiCsv();
  return (
    <Card title={title} className={cn('min-w-0', className)}>
      <div data-testid={testId} className="flex min-w-0 flex-col gap-3">
        <p className="text-sm text-muted">{summary}</p>
        <Suspense fallback={<Spinner label={t('app.loading')} />}>{chart}</Suspense>
        <details className="text-sm">
          <summary className="cursor-pointer rounded font-medium text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
            {t('ai.analytics.table')}
          </summary>
          <div className="mt-2 max-h-96 overflow-auto">{table}</div>
        </details>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            busy={download.isPending}
            onClick={() =>
              download.mutate(
                { figure, query },
                {
                  onSuccess: (name) => toast({ kind: 'success', text: t('ai.analytics.downloaded', { name }) }),
                  onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                },
              )
            }
          >
            {t('ai.analytics.csv')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** A plain table: a caption for screen readers, a header row, the rows. */
export function FigureTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-muted">
          {head.map((h, i) => (
            <th key={h} scope="col" className={i ? 'py-1 pl-2 text-right font-medium' : 'py-1 font-medium'}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-line last:border-0">
            {head.map((column, i) =>
              i === 0 ? (
                <th key={column} scope="row" className="py-1 font-normal text-fg">
                  {r.cells[i]}
                </th>
              ) : (
                <td key={column} className="py-1 pl-2 text-right text-fg">
                  {r.cells[i]}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
