import { useTranslation } from 'react-i18next';
import { SupportContact } from '../../../components/help/support-contact.tsx';
import { StatusFrame } from '../components/status-frame.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusFrame code="404" title={t('pages.notFound')} body={t('system.notFoundBody')} help={<SupportContact />} />
  );
}
