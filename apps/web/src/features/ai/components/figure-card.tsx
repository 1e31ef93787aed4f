import type { AiAnalyticsCsvFigure } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { FigureCard as Figure, type FigureCardProps } from '../../../components/charts/figure-card.tsx';
import { downloadAiCsv } from '../api.ts';

export { FigureTable } from '../../../components/charts/figure-card.tsx';

type Props = Omit<FigureCardProps, 'tableLabel' | 'downloads' | 'download' | 'savedText' | 'state'> & {
  query: string;
  figure: AiAnalyticsCsvFigure;
};

/** One AI figure (components/charts/figure-card) with the AI strings and its one CSV download. */
export function FigureCard({ query, figure, ...card }: Props) {
  const { t } = useTranslation();
  return (
    <Figure
      {...card}
      tableLabel={t('ai.analytics.table')}
      downloads={[{ id: figure, label: t('ai.analytics.csv') }]}
      download={(id) => downloadAiCsv(id, query)}
      savedText={(name) => t('ai.analytics.downloaded', { name })}
    />
  );
}
