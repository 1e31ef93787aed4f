import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';

/**
 * Why a VMS page has nothing to show: a site that is not there (or not for this member), or any
 * other failure in the catalogue's words. A plan without the VMS area never gets here: the page
 * gate says so before the page asks for anything.
 */
export function PageProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const code = error instanceof ApiError ? error.code : '';
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
