import { TRIAL_DAYS } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../components/site-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { usePublicPlans } from '../use-public-plans.ts';

/** The installation's public plans, from its plans table (the administrator sets them in Admin › Pricing). */
export function PlansSection({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const plans = usePublicPlans();
  return (
    <section aria-labelledby="plans-title" className="bg-sunken">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="plans-title" className="text-2xl font-semibold text-fg">
          {t('landing.plansTitle')}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{t('landing.plansIntro', { days: TRIAL_DAYS })}</p>
        {plans.status === 'pending' ? (
          <div className="mt-6">
            <Spinner label={t('app.loading')} />
          </div>
        ) : plans.status === 'error' || plans.plans.length === 0 ? (
          // The pricing is an offer, not the page's purpose: without it the landing still works.
          <p className="mt-6 text-sm text-muted">{t('landing.plansUnavailable')}</p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="landing-plans">
            {plans.plans.map((plan) => (
              <li key={plan.key} className="flex flex-col rounded-lg border border-line bg-surface p-5">
                <h3 className="text-lg font-semibold text-fg">{plan.name}</h3>
                {plan.description && <p className="mt-1 text-sm text-muted">{plan.description}</p>}
                <p className="mt-3 text-fg">
                  <span className="text-2xl font-bold">{formatMoney(plan.prices.monthly, plan.currency, lng)}</span>{' '}
                  <span className="text-sm text-muted">{t('landing.perMonth')}</span>
                </p>
                <p className="text-xs text-muted">
                  {t('landing.orYearly', { price: formatMoney(plan.prices.yearly, plan.currency, lng) })}
                </p>
                <ul className="mt-3 flex-1 space-y-1 text-sm text-fg">
                  <li>
                    {t('landing.planCameras', {
                      count: plan.limits.maxCameras,
                      n: formatNumber(plan.limits.maxCameras, lng),
                    })}
                  </li>
                  <li>{t('landing.planStorage', { size: formatBytes(plan.limits.maxStorage * 1e9, lng) })}</li>
                  <li>{t('landing.planRecordings', { n: formatNumber(plan.limits.maxRecordings, lng) })}</li>
                  {plan.features.aiAccess && <li>{t('landing.planAi')}</li>}
                  {plan.features.vms && <li>{t('landing.planVms')}</li>}
                </ul>
                <SiteLink
                  to={signedIn ? `/payment?plan=${encodeURIComponent(plan.key)}&interval=month` : '/auth/register'}
                  className={buttonClass('secondary', 'mt-4')}
                  aria-label={t(signedIn ? 'landing.choosePlanNamed' : 'landing.startWithNamed', {
                    name: plan.name,
                    days: TRIAL_DAYS,
                  })}
                >
                  {signedIn ? t('landing.choosePlan') : t('landing.startTrial', { days: TRIAL_DAYS })}
                </SiteLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
