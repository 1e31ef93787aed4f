import { matchRoute } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SupportContact } from '../../../components/help/support-contact.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { pageVisitor } from '../../../lib/session/page-visitor.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { PageRefusal } from '../components/page-refusal.tsx';
import { StatusFrame } from '../components/status-frame.tsx';

/**
 * Where the guard sends someone whose role does not open a page. Told which page (the navigation's
 * state), it says what that page is and who can use it in the same words as every refused page.
 */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  const { user, me } = useSession();
  const refused = (useLocation().state as { refused?: unknown } | null)?.refused;
  const route = typeof refused === 'string' ? matchRoute(refused) : undefined;
  if (route && me) {
    return (
      <main id="main" className="mx-auto max-w-4xl px-4 py-10">
        <PageRefusal route={route} visitor={pageVisitor(me)} />
      </main>
    );
  }
  return (
    <StatusFrame
      code="403"
      title={t('pages.unauthorized')}
      body={t('system.unauthorizedBody')}
      extra={
        user && (
          <Link to="/dashboard" className={buttonClass('secondary')}>
            {t('nav.dashboard')}
          </Link>
        )
      }
      help={<SupportContact />}
    />
  );
}
