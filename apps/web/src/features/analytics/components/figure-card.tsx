import type { AnalyticsCsvFigure } from '@vigil/shared';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDownloadCsv } from '../api.ts';

/**
 * One figure: its title, a sentence saying what it shows (also the chart's accessible name), the
 * chart (lazy), the same figures as a table for everyone, and its CSV downloads.
 */
export function FigureCard({
  title,
  testId,
  query,
  csv,
  state,
  summary,
  chart,
  table,
  className,
}: {
  title: string;
  testId: string;
  /** The figure's query string, for the CSV downloads. */
  query: string;
  csv: { figure: AnalyticsCsvFigure; label: string }[];
  state: { isPending: boolean; error: unknown };
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const download = useDownloadCsv();
  return (
    // min-w-0: as a grid item the card may narrow below its chart's last drawn width (the chart then redraws).
    <Card title={title} className={cn('min-w-0', className)}>
      <div data-testid={testId} className="flex min-w-0 flex-col gap-3">
        {state.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : state.error ? (
          <Banner tone="error">{errorText(state.error)}</Banner>
        ) : (
          <>
            <p className="text-sm text-muted">{summary}</p>
            <Suspense fallback={<Spinner label={t('app.loading')} />}>{chart}</Suspense>
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-primary">{t('analytics.table')}</summary>
              <div className="mt-2 max-h-96 overflow-auto">{table}</div>
            </details>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          {csv.map((c) => (
            <Button
              key={c.figure}
              variant="secondary"
              busy={download.isPending && download.variables?.figure === c.figure}
              disabled={!!state.error}
              onClick={() =>
                download.mutate(
                  { figure: c.figure, query },
                  {
                    onSuccess: (name) => toast({ kind: 'success', text: t('analytics.downloaded', { name }) }),
                    onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                  },
                )
              }
            >
              {c.label}
            </Button>
          ))}
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
  testId,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
  testId?: string;
}) {
  return (
    <table className="w-full text-left" data-testid={testId}>
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
