import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';

/** Why the dashboard is empty: the plan lacks the VMS area (the server's words and Upgrade), or another failure. */
export function DashboardProblem({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  if (error instanceof ApiError && error.code === 'failed-precondition') {
    return (
      <Banner tone="warning" className="mb-6" data-testid="feature-gate">
        {translatedRefusal(error, t, i18n.language) ?? errorText(error)}{' '}
        <Link to="/upgrade" className="font-semibold underline underline-offset-4">
          {t('vmsDashboard.upgrade')}
        </Link>
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
  if (language.startsWith('en') || !error.detail) return null;
  const named = /^The multi-site VMS area is not part of your plan\. Choose the (.+) plan on the Upgrade page/.exec(
    error.detail,
  );
  if (named) return t('vmsDashboard.refusal.plan', { plan: named[1] });
  if (/^The multi-site VMS area is not part of your plan\. Ask your administrator/.test(error.detail)) {
    return t('vmsDashboard.refusal.admin');
  }
  return null;
}
