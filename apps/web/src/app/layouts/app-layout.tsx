import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AlertBell } from '../../features/alerts/components/alert-bell.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { cn } from '../../lib/cn.ts';
import { pageVisitor } from '../../lib/session/page-visitor.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { Logo, SkipLink } from './skip-link.tsx';
import { SidebarNav } from './sidebar-nav.tsx';
import { ReadOnlyNotice, TrialStatus } from './trial-status.tsx';
import { UserMenu } from './user-menu.tsx';

/** Frame of every signed-in area: header, role-aware sidebar (a menu at phone width), content. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user, me } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();

  // A new page closes the phone menu so the content is what the person sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-line bg-surface">
        <div className="flex items-center gap-2 px-3 py-2 sm:px-4">
          <button
            type="button"
            className="rounded-md p-2 text-fg hover:bg-sunken sm:hidden"
            aria-expanded={menuOpen}
            aria-controls="app-sidebar"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="sr-only">{t('layout.menu')}</span>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
            </svg>
          </button>
          <Link to="/" aria-label={t('layout.home')} className="rounded-md">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-3">
            <TrialStatus />
            <AlertBell />
            <UserMenu />
          </div>
        </div>
      </header>
      <div className="flex">
        <aside
          id="app-sidebar"
          className={cn(
            'w-full shrink-0 border-r border-line bg-surface p-3 sm:block sm:w-60 sm:sticky sm:top-14 sm:h-[calc(100vh-3.5rem)] sm:overflow-y-auto',
            menuOpen ? 'block' : 'hidden',
          )}
        >
          <SidebarNav role={user?.role} plan={pageVisitor(me)} />
          <div className="mt-6 border-t border-line pt-4">
            <button
              type="button"
              className="w-full rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-sunken"
              onClick={async () => {
                await signOut();
                navigate('/');
              }}
            >
              {t('auth.signOut')}
            </button>
          </div>
        </aside>
        <main id="main" tabIndex={-1} className={cn('min-w-0 flex-1 p-4 sm:p-6', menuOpen && 'hidden sm:block')}>
          <div className="mx-auto max-w-6xl">
            <ReadOnlyNotice />
            <Suspense fallback={<Spinner label={t('app.loading')} />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
