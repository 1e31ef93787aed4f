import { dashboardPathFor } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteLink, SiteNavLink, useSitePathname } from '../../components/site-link.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo, SkipLink } from './skip-link.tsx';

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium text-fg hover:bg-sunken', isActive && 'underline underline-offset-4');

/**
 * The public pages' header and footer. It knows nothing of the session or the router, so the landing
 * page can show it before either has loaded; the app's landing layout passes who is signed in.
 */
export function LandingFrame({
  account,
  children,
}: {
  /** The signed-in person (their role picks the dashboard link), or null for a visitor. */
  account: { role: unknown; signOut(): void } | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // An invitation page offers its own ways in (sign in and come back, or create the account that
  // joins): the header's would make an unrelated workspace and leave the invitation pending.
  const invitation = useSitePathname() === '/invite';

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <SiteLink to="/" aria-label={t('layout.home')} className="rounded-md">
            <Logo />
          </SiteLink>
          <nav aria-label={t('layout.mainNav')} className="flex flex-wrap items-center gap-1">
            <SiteNavLink to="/about" className={navLink}>
              {t('nav.about')}
            </SiteNavLink>
            {account ? (
              <>
                <SiteLink to={dashboardPathFor(account.role)} className={buttonClass('secondary')}>
                  {t('nav.dashboard')}
                </SiteLink>
                <button type="button" className={buttonClass('ghost')} onClick={account.signOut}>
                  {t('auth.signOut')}
                </button>
              </>
            ) : invitation ? null : (
              <>
                <SiteNavLink to="/auth/login" className={navLink}>
                  {t('auth.signIn')}
                </SiteNavLink>
                <SiteLink to="/auth/register" className={buttonClass('primary')}>
                  {t('auth.createAccount')}
                </SiteLink>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1">
        {children}
      </main>
      <footer className="border-t border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted">
          <p>{t('footer.tagline', { year: new Date().getFullYear() })}</p>
          <div className="flex flex-wrap items-center gap-4">
            <SiteLink to="/about" className="underline underline-offset-4">
              {t('nav.about')}
            </SiteLink>
            {!account && <LanguageSwitch />}
          </div>
        </div>
      </footer>
    </div>
  );
}
