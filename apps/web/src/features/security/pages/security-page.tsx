import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { SessionsCard } from '../components/sessions-card.tsx';
import { SignInHistory } from '../components/sign-in-history.tsx';
import { TwoFactorCard } from '../components/two-factor-card.tsx';
import '../translations.ts';

/**
 * The security dashboard: the person's two-factor authentication, their sessions and their
 * sign-in history. `extra`: what the shell adds after these (API keys, the audit log).
 */
export function SecurityPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const timeZone = me?.user.preferences.timezone ?? browserTimeZone();
  const pending = Boolean(me?.twoFactor?.required && !me.twoFactor.enabled);
  return (
    <>
      <PageHeader title={t('pages.main.security')} description={t('pages.main.security.desc')} />
      {pending && (
        <div className="mb-6" data-testid="two-factor-required">
          <Banner tone="warning">{t('security.required', { workspace: me?.workspace.name ?? '' })}</Banner>
        </div>
      )}
      <div className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <TwoFactorCard timeZone={timeZone} />
          <SessionsCard timeZone={timeZone} />
        </div>
        <SignInHistory timeZone={timeZone} />
        {extra}
      </div>
    </>
  );
}
