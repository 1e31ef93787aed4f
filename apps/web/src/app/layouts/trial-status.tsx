import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Banner } from '../../components/ui/banner.tsx';
import { BannerLink } from '../../components/ui/banner-link.tsx';
import { trialDaysLeft } from '../../lib/format.ts';
import { currentPlanStatus } from '../../lib/plans.ts';
import { useSession } from '../../lib/session/session-context.ts';

/** A page left open crosses a trial's end: the status is re-read from the clock each minute. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "Trial — N days left" while the plan is in trial (spec §4: the trial lasts 7 days), linking to billing. */
export function TrialStatus({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const now = useMinuteClock();
  if (!me || currentPlanStatus(me.user, now) !== 'trial') return null;
  const days = trialDaysLeft(me.user.trialEndDate, now);
  return (
    <p className={className} data-testid="trial-status">
      <Link
        to="/billing"
        className="hidden whitespace-nowrap rounded-full bg-info-bg px-3 py-1 text-xs font-medium text-info-fg sm:inline-block"
      >
        {t('trial.daysLeft', { count: days })}
      </Link>
    </p>
  );
}

/**
 * Expired and canceled workspaces are read-only (the server refuses changes): every app page says so once, with
 * the way out, before the person meets a refused action. /billing says it in its own words.
 */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { pathname } = useLocation();
  const now = useMinuteClock();
  if (!me || pathname === '/billing') return null;
  const status = currentPlanStatus(me.user, now);
  if (status !== 'expired' && status !== 'canceled') return null;
  return (
    <Banner tone="warning" className="mb-4" data-testid="read-only-notice">
      {t(`readOnly.${status}`)} <BannerLink to="/upgrade">{t('readOnly.upgrade')}</BannerLink>
    </Banner>
  );
}
