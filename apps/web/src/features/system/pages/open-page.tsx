import { appLinkPath } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { SupportContact } from '../../../components/help/support-contact.tsx';
import { StatusFrame } from '../components/status-frame.tsx';

/**
 * /open?target=…: where the installed app's `web+vigil:` links land (the manifest's protocol
 * handler). A link it knows opens its page; anything else is refused here, never followed.
 */
export function OpenPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const path = appLinkPath(params.get('target'), window.location.origin);
  if (path) return <Navigate to={path} replace />;
  return (
    <StatusFrame
      code={t('system.errorCode')}
      title={t('open.badTitle')}
      body={t('open.badBody')}
      help={<SupportContact />}
    />
  );
}
