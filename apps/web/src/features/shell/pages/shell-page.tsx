import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';

/**
 * The frame of a page whose capability arrives in a later issue: its real title and a
 * one-line purpose, nothing pretending to work.
 */
export function ShellPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
    </div>
  );
}
