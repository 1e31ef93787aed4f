import { isAvailable } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';

/** Shown when the plan's camera limit refused a new camera: the way out (upgrading once plans ship, until then removing one). */
export function LimitBanner({ max }: { max: number | null }) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" data-testid="camera-limit">
      {t('errors.resource-exhausted')} {max !== null && t('cameras.limit.reached', { max })}{' '}
      {isAvailable('/upgrade') ? (
        <Link to="/upgrade" className="font-medium underline">
          {t('cameras.limit.upgrade')}
        </Link>
      ) : (
        t('cameras.limit.removeOne')
      )}
    </Banner>
  );
}
