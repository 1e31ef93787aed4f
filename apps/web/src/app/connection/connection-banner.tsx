import { useTranslation } from 'react-i18next';
import { Banner } from '../../components/ui/banner.tsx';
import { type ConnectionState, bannerKind } from '../../lib/connection.ts';

/**
 * Spec §1 preview-backend banner, above every app page once loaded: one short line (ellipsis on a
 * narrow phone, the full sentence in its title) so it informs without pushing the page down.
 */
export function ConnectionBanner({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  const kind = bannerKind(state);
  if (!kind) return null;
  const text = t(kind === 'connected' ? 'connection.connected' : 'connection.disconnected');
  return (
    <Banner
      tone={kind === 'connected' ? 'info' : 'warning'}
      data-testid="connection-banner"
      className="truncate rounded-none px-3 py-0.5 text-center text-xs leading-5"
      title={text}
    >
      {text}
    </Banner>
  );
}
