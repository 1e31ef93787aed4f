import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { refusalText } from '../refusal.ts';

/**
 * Why a VMS page has nothing to show: the workspace's plan lacks the VMS area (the server's
 * failed-precondition names the plan; Upgrade is one click away), a site that is not there
 * (or not for this member), or any other failure in the catalogue's words.
 */
export function PageProblem({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'failed-precondition') {
    return (
      <Banner tone="warning" className="mb-6" data-testid="feature-gate">
        {refusalText(error as ApiError, t, i18n.language) ?? errorText(error)}{' '}
        <BannerLink to="/upgrade">{t('sites.upgrade')}</BannerLink>
      </Banner>
    );
  }
  if (code === 'not-found') {
    return (
      <Banner tone="error" className="mb-6" data-testid="site-missing">
        {t('sites.notFound')} <BannerLink to="/vms/sites">{t('sites.backToSites')}</BannerLink>
      </Banner>
    );
  }
  return (
    <Banner tone="error" className="mb-6">
      {errorText(error)}
    </Banner>
  );
}
