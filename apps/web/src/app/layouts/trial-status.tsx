import { useTranslation } from 'react-i18next';
import { trialDaysLeft } from '../../lib/format.ts';
import { useSession } from '../../lib/session/session-context.ts';

/** "Trial — N days left" while the plan is in trial (spec §4: the trial lasts 7 days). */
export function TrialStatus({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  if (me?.user.planStatus !== 'trial') return null;
  const days = trialDaysLeft(me.user.trialEndDate);
  return (
    <p className={className} data-testid="trial-status">
      <span className="hidden whitespace-nowrap rounded-full sm:inline-block bg-info-bg px-3 py-1 text-xs font-medium text-info-fg">
        {days > 0 ? t('trial.daysLeft', { count: days }) : t('trial.ended')}
      </span>
    </p>
  );
}
