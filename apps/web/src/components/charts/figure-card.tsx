import { useMutation } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { useErrorText } from '../../lib/use-error-text.ts';
import { Banner } from '../ui/banner.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useToast } from '../ui/toast-context.ts';

/** One file a figure can be downloaded as (a CSV): `id` is what `download` is called with. */
export interface FigureDownload<Id extends string = string> {
  id: Id;
  label: string;
}

export interface FigureCardProps<Id extends string = string> {
  title: string;
  testId: string;
  /** A sentence saying what the figure shows (also the chart's accessible name). */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  /** The words of the disclosure that opens the table ("Show the figures"). */
  tableLabel: string;
  /** While the figure loads a spinner stands in; a failed load shows its error and no download. */
  state?: { isPending: boolean; error: unknown };
  downloads: readonly FigureDownload<Id>[];
  /** Downloads one of `downloads`; resolves with the saved file's name. */
  download(id: Id): Promise<string>;
  /** The toast once a file is saved. */
  savedText(name: string): string;
  className?: string;
}

/**
 * One figure: its title, a sentence saying what it shows, the chart (lazy), the same figures as a
 * table for everyone (a chart alone says nothing to a screen reader), and its downloads.
 */
export function FigureCard<Id extends string>(props: FigureCardProps<Id>) {
  const { title, testId, summary, chart, table, tableLabel, state, downloads, className } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const save = useMutation({ mutationFn: props.download });
  return (
    // min-w-0: as a grid item the card may narrow below its chart's last drawn width (the chart then redraws).
    <Card title={title} className={cn('min-w-0', className)}>
      <div data-testid={testId} className="flex min-w-0 flex-col gap-3">
        {state?.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : state?.error ? (
          <Banner tone="error">{errorText(state.error)}</Banner>
        ) : (
          <>
            <p className="text-sm text-muted">{summary}</p>
            <Suspense fallback={<Spinner label={t('app.loading')} />}>{chart}</Suspense>
            <details className="text-sm">
              <summary className="cursor-pointer rounded font-medium text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                {tableLabel}
              </summary>
              <div className="mt-2 max-h-96 overflow-auto">{table}</div>
            </details>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          {downloads.map((d) => (
            <Button
              key={d.id}
              variant="secondary"
              busy={save.isPending && save.variables === d.id}
              disabled={!!state?.error}
              onClick={() =>
                save.mutate(d.id, {
                  onSuccess: (name) => toast({ kind: 'success', text: props.savedText(name) }),
                  onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                })
              }
            >
              {d.label}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}

/** A plain table: a caption for screen readers, a header row, the rows (the first cell heads its row). */
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
