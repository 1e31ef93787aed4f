import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { FeatureGate, type Gate } from '../components/feature-gate.tsx';

/**
 * The frame of a page whose capability arrives in a later issue: its real title and a
 * one-line purpose, nothing pretending to work. `standalone` pads it for the landing layout (/payment).
 */
export function ShellPage({
  titleKey,
  gate,
  standalone = false,
}: {
  titleKey: string;
  gate?: Gate | undefined;
  standalone?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={standalone ? 'mx-auto max-w-6xl px-4 py-10' : undefined}>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      {gate && <FeatureGate gate={gate} />}
    </div>
  );
}
