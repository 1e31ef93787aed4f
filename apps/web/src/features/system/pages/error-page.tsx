import { useTranslation } from 'react-i18next';
import { SupportContact } from '../../../components/help/support-contact.tsx';
import { StatusFrame } from '../components/status-frame.tsx';

/** A page that broke while showing: what to try, and whom to ask when trying again does not help. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusFrame
      code={t('system.errorCode')}
      title={t('system.errorTitle')}
      body={t('system.errorBody')}
      help={<SupportContact />}
    />
  );
}
