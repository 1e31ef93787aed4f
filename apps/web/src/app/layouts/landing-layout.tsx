import { useTranslation } from 'react-i18next';
import { dashboardPathFor } from '@vigil/shared';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo, SkipLink } from './skip-link.tsx';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium text-fg hover:bg-sunken', isActive && 'underline underline-offset-4');

export function LandingLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  // An invitation page offers its own ways in (sign in and come back, or create the account that
  // joins): the header's would make an unrelated workspace and leave the invitation pending.
  const invitation = useLocation().pathname === '/invite';

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link to="/" aria-label={t('layout.home')} className="rounded-md">
            <Logo />
          </Link>
          <nav aria-label={t('layout.mainNav')} className="flex flex-wrap items-center gap-1">
            <NavLink to="/about" className={navLink}>
              {t('nav.about')}
            </NavLink>
            {user ? (
              <>
                <Link to={dashboardPathFor(user.role)} className={buttonClass('secondary')}>
                  {t('nav.dashboard')}
                </Link>
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  onClick={async () => {
                    await signOut();
                    navigate('/');
                  }}
                >
                  {t('auth.signOut')}
                </button>
              </>
            ) : invitation ? null : (
              <>
                <NavLink to="/auth/login" className={navLink}>
                  {t('auth.signIn')}
                </NavLink>
                <Link to="/auth/register" className={buttonClass('primary')}>
                  {t('auth.createAccount')}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted">
          <p>{t('footer.tagline', { year: new Date().getFullYear() })}</p>
          <div className="flex flex-wrap items-center gap-4">
            <Link to="/about" className="underline underline-offset-4">
              {t('nav.about')}
            </Link>
            {!user && <LanguageSwitch />}
          </div>
        </div>
      </footer>
    </div>
  );
}
