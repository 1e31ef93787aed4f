import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { bannerShownOn } from '../lib/connection.ts';
import { useSession } from '../lib/session/session-context.ts';
import { ConnectionBanner } from './connection/connection-banner.tsx';
import { useConnectionMonitor } from './connection/use-connection-monitor.ts';
import { guard } from './guard.ts';
import { NOT_FOUND_TITLE, findRoute } from './route-table.ts';

/**
 * The root route: waits for the first auth state, runs the spec §4 guard on every
 * location, keeps <title> in step, and shows the connection banner above every app page.
 */
export function RootShell() {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  const route = findRoute(location.pathname);
  const title = t(route?.title ?? NOT_FOUND_TITLE);
  // Lives here, above the guard's redirects, so navigating never drops the stream.
  const connection = useConnectionMonitor();

  useEffect(() => {
    document.title = `${title} · Vigil`;
  }, [title]);

  if (session.loading) return <FullPageSpinner label={t('app.loading')} />;

  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const decision = guard(route, fullPath, {
    initialised: session.initialised,
    user: session.user,
    token: session.token,
    twoFactorPending: Boolean(session.me?.twoFactor?.required && !session.me.twoFactor.enabled),
  });
  // The refusal page says what the refused page is and who can use it, so it is told which page.
  if (decision.action === 'redirect')
    return (
      <Navigate
        to={decision.to}
        replace
        state={decision.to === '/unauthorized' && route ? { refused: route.path } : undefined}
      />
    );

  return (
    <>
      {bannerShownOn(route) && <ConnectionBanner state={connection} />}
      <Outlet />
    </>
  );
}

export function RootFallback() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('app.loading')} />;
}
