import type { AnalyticsCsvFigure } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { FigureCard as Figure, type FigureCardProps } from '../../../components/charts/figure-card.tsx';
import { downloadCsv } from '../api.ts';

export { FigureTable } from '../../../components/charts/figure-card.tsx';

type Props = Omit<FigureCardProps, 'tableLabel' | 'downloads' | 'download' | 'savedText' | 'state'> & {
  /** The figure's query string, for the CSV downloads. */
  query: string;
  csv: { figure: AnalyticsCsvFigure; label: string }[];
  state: { isPending: boolean; error: unknown };
};

/** One analytics figure (components/charts/figure-card) with the analytics strings and its CSV downloads. */
export function FigureCard({ query, csv, ...card }: Props) {
  const { t } = useTranslation();
  return (
    <Figure
      {...card}
      tableLabel={t('analytics.table')}
      downloads={csv.map((c) => ({ id: c.figure, label: c.label }))}
      download={(id) => downloadCsv(id, query)}
      savedText={(name) => t('analytics.downloaded', { name })}
    />
  );
}
