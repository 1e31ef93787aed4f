import { TRIAL_DAYS } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../components/site-link.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { PlansSection } from '../components/plans-section.tsx';

/**
 * "/": what Vigil is, and the plans. `welcome` is the signed-in visitor's panel (the app passes it:
 * it reads the session), so a first visit shows the page before the app's session code has loaded.
 */
export function LandingPage({ welcome }: { welcome: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = Boolean(welcome);
  return (
    <>
      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-20 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-5xl">{t('landing.heroTitle')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">{t('landing.heroBody')}</p>
          {!signedIn && (
            <div className="mt-8 flex flex-wrap gap-3">
              <SiteLink to="/auth/register" className={buttonClass('primary')}>
                {t('landing.startTrial', { days: TRIAL_DAYS })}
              </SiteLink>
              <SiteLink to="/about" className={buttonClass('secondary')}>
                {t('landing.learnMore')}
              </SiteLink>
            </div>
          )}
        </div>
        {signedIn ? (
          welcome
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
      <PlansSection signedIn={signedIn} />
    </>
  );
}
