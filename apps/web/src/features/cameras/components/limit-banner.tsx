import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';

/** Shown when the plan's camera limit refused a new camera: the way out is one link away. */
export function LimitBanner({ max }: { max: number | null }) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" data-testid="camera-limit">
      {t('errors.resource-exhausted')} {max !== null && t('cameras.limit.reached', { max })}{' '}
      <Link to="/upgrade" className="font-medium underline">
        {t('cameras.limit.upgrade')}
      </Link>
    </Banner>
  );
}
