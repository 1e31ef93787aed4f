import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { type ConnectionState, bannerKind } from '../../lib/connection.ts';

/** Spec §1 preview-backend banner, on every page once loaded. */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  const kind = bannerKind(state);
  if (!kind) return null;
  return (
    <div className="px-2 pt-2 sm:px-4">
      {kind === 'connected' ? (
        <Banner tone="info" data-testid="connection-banner">
          {t('connection.connected')}
        </Banner>
      ) : (
        <Banner tone="warning" data-testid="connection-banner">
          {t('connection.disconnected')}
        </Banner>
      )}
    </div>
  );
}
