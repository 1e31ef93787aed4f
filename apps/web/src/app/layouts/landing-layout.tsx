import { type ReactNode, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { type SiteNavigation, SiteNavigationContext } from '../../components/site-link.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { LandingFrame } from './landing-frame.tsx';

/** Inside the app the public pages' links are the router's: same-page links replace, as the router's own do. */
export function RouterSiteNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const nav = useMemo<SiteNavigation>(
    () => ({ pathname, navigate: (to) => void navigate(to, { replace: to === `${pathname}${search}${hash}` }) }),
    [pathname, search, hash, navigate],
  );
  return <SiteNavigationContext.Provider value={nav}>{children}</SiteNavigationContext.Provider>;
}

function SessionFrame() {
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <LandingFrame
      account={
        user && {
          role: user.role,
          signOut: async () => {
            await signOut();
            navigate('/');
          },
        }
      }
    >
      <Outlet />
    </LandingFrame>
  );
}

export function LandingLayout() {
  return (
    <RouterSiteNavigation>
      <SessionFrame />
    </RouterSiteNavigation>
  );
}
