import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteNavigation, SiteNavigationContext } from '../components/site-link.tsx';
import { LandingPage } from '../features/landing/pages/landing-page.tsx';
import { LandingFrame } from './layouts/landing-frame.tsx';

/** A signed-out visit to "/" shows the landing at once; the app (router, session, data) loads when it is left. */
export function landingFirst(pathname: string, token: string | null): boolean {
  return pathname === '/' && token === null;
}

/**
 * The landing page as a first visit sees it, without the app around it: the same frame and page the
 * app shows on "/" to a signed-out visitor (no guard applies there, and no connection banner).
 * Following a link loads the app at that address; the browser's history then belongs to its router.
 */
export function LandingFirst({ openApp }: { openApp(to: string): void }) {
  const { t } = useTranslation();
  const title = t('pages.landing');
  useEffect(() => {
    document.title = `${title} · Vigil`;
  }, [title]);
  const nav = useMemo<SiteNavigation>(() => ({ pathname: '/', navigate: openApp }), [openApp]);
  return (
    <SiteNavigationContext.Provider value={nav}>
      <LandingFrame account={null}>
        <LandingPage welcome={null} />
      </LandingFrame>
    </SiteNavigationContext.Provider>
  );
}
