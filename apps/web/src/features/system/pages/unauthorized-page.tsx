import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { StatusFrame } from '../components/status-frame.tsx';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <StatusFrame
      code="403"
      title={t('pages.unauthorized')}
      body={t('system.unauthorizedBody')}
      extra={
        user && (
          <Link to="/dashboard" className={buttonClass('secondary')}>
            {t('nav.dashboard')}
          </Link>
        )
      }
    />
  );
}
