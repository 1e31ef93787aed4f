import { isAvailable } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';

export const LIMIT_BANNER_ID = 'camera-limit-reason';

/**
 * Shown while every camera the plan allows is in use (before anyone tries an add that would be
 * refused): why the Add button is off, and the way on — for the owner the Upgrade page, for the
 * others removing a camera or asking the owner (only the owner chooses the plan).
 */
export function LimitBanner({ max, owner }: { max: number; owner: boolean }) {
  const { t } = useTranslation();
  const upgrade = owner && isAvailable('/upgrade');
  return (
    <Banner tone="warning" data-testid="camera-limit" id={LIMIT_BANNER_ID}>
      {t('cameras.limit.reached', { count: max })}{' '}
      {upgrade ? (
        <>
          <Link to="/upgrade" className="font-medium underline">
            {t('cameras.limit.upgrade')}
          </Link>{' '}
          {t('cameras.limit.orRemove')}
        </>
      ) : (
        t(owner ? 'cameras.limit.removeOne' : 'cameras.limit.askOwner')
      )}
    </Banner>
  );
}
