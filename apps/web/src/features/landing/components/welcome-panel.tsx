import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../components/site-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { trialDaysLeft } from '../../../lib/format.ts';
import { currentPlanStatus } from '../../../lib/plans.ts';
import { useSession } from '../../../lib/session/session-context.ts';

/** What a signed-in visitor sees on "/": where they stand and the way in. */
export function WelcomePanel() {
  const { t } = useTranslation();
  const { me } = useSession();
  if (!me) return null;
  const { user, workspace } = me;
  const days = trialDaysLeft(user.trialEndDate);
  return (
    <section aria-labelledby="welcome-title" className="rounded-lg border border-line bg-surface p-6 shadow-sm">
      <h2 id="welcome-title" className="text-xl font-semibold text-fg">
        {t('landing.welcome', { name: user.displayName })}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('landing.workspace', { name: workspace.name })}</p>
      {currentPlanStatus(user) === 'trial' && (
        <p className="mt-3 text-sm font-medium text-fg" data-testid="trial-status">
          {days > 0 ? t('trial.daysLeft', { count: days }) : t('trial.ended')}
        </p>
      )}
      <SiteLink to="/dashboard" className={buttonClass('primary', 'mt-4')}>
        {t('landing.goToDashboard')}
      </SiteLink>
    </section>
  );
}
