import { TRIAL_DAYS } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { PlansSection } from '../components/plans-section.tsx';
import { WelcomePanel } from '../components/welcome-panel.tsx';

export function LandingPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-5xl">{t('landing.heroTitle')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">{t('landing.heroBody')}</p>
          {!user && (
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/auth/register" className={buttonClass('primary')}>
                {t('landing.startTrial', { days: TRIAL_DAYS })}
              </Link>
              <Link to="/about" className={buttonClass('secondary')}>
                {t('landing.learnMore')}
              </Link>
            </div>
          )}
        </div>
        {user ? (
          <WelcomePanel />
        ) : (
          <ul className="grid gap-3 rounded-lg border border-line bg-surface p-6 text-sm text-fg">
            {(['one', 'two', 'three'] as const).map((k) => (
              <li key={k} className="flex gap-3">
                <span aria-hidden="true" className="font-bold text-primary">
                  ✓
                </span>
                {t(`landing.point.${k}`)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <FeatureGrid />
      <PlansSection />
    </>
  );
}
