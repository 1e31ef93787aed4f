import { DEFAULT_LIMITS, TRIAL_DAYS } from '@vigil/shared';
import { useTranslation } from 'react-i18next';

const PLANS = ['basic', 'pro', 'vms', 'enterprise'] as const;

/** Plans as the product defines them; prices are set per installation, so none are shown. */
export function PlansSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plans-title" className="bg-sunken">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="plans-title" className="text-2xl font-semibold text-fg">
          {t('landing.plansTitle')}
        </h2>
        <p className="mt-2 max-w-2xl text-muted">{t('landing.plansIntro', { days: TRIAL_DAYS })}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <li key={plan} className="flex flex-col rounded-lg border border-line bg-surface p-5">
              <h3 className="text-lg font-semibold text-fg">{t(`plan.${plan}`)}</h3>
              <p className="mt-2 text-sm text-muted">
                {t(`landing.plan.${plan}`, {
                  cameras: DEFAULT_LIMITS.maxCameras,
                  recordings: DEFAULT_LIMITS.maxRecordings,
                  storage: DEFAULT_LIMITS.maxStorage,
                })}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
