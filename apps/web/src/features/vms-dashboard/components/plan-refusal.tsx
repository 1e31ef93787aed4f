import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { vmsPlanRefusal } from '../../../lib/vms-plan-refusal.ts';

/** Why the dashboard is empty: the plan lacks the VMS area (the server's words and Upgrade), or another failure. */
export function DashboardProblem({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  if (error instanceof ApiError && error.code === 'failed-precondition') {
    return (
      <Banner tone="warning" className="mb-6" data-testid="feature-gate">
        {translatedRefusal(error, t, i18n.language) ?? errorText(error)}{' '}
        <BannerLink to="/upgrade">{t('vmsDashboard.upgrade')}</BannerLink>
      </Banner>
    );
  }
  return (
    <Banner tone="error" className="mb-6">
      {errorText(error)}
    </Banner>
  );
}

/** The plan gate's known sentence in other languages; English (and anything else) shows as the server said. */
function translatedRefusal(error: ApiError, t: (key: string, o?: Record<string, unknown>) => string, language: string) {
  const refusal = vmsPlanRefusal(error.detail, language);
  return refusal && t(`vmsDashboard.refusal.${refusal.sentence}`, refusal);
}
