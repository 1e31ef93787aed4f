import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { useSession } from '../../../lib/session/session-context.ts';

export type Gate = 'ai' | 'vms';

/**
 * The guard lets /ai and /vms through (spec §4); the server refuses their data without
 * the flag, so the page says up front what unlocks it.
 */
export function FeatureGate({ gate }: { gate: Gate }) {
  const { t } = useTranslation();
  const { me } = useSession();
  if (!me) return null;
  if (gate === 'ai' && !me.user.aiAccess) {
    return (
      <Banner tone="warning" className="mb-6" data-testid="feature-gate">
        {t('gate.ai')}
      </Banner>
    );
  }
  // The plan's vms flag (any plan may carry it), copied onto the user document by the server.
  if (gate === 'vms' && !me.user.vmsAccess) {
    return (
      <Banner tone="warning" className="mb-6" data-testid="feature-gate">
        {t('gate.vms')} <BannerLink to="/upgrade">{t('gate.upgrade')}</BannerLink>
      </Banner>
    );
  }
  return null;
}
