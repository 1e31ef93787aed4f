import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { AccountCard } from '../components/account-card.tsx';
import { AlertsCard } from '../components/alerts-card.tsx';
import { UsageCard } from '../components/usage-card.tsx';

/**
 * `/dashboard`: the person's account at a glance (each role has its own dashboard beside it:
 * admin-, manager-, operator- and viewer-dashboard-page).
 */
export function DashboardPage({
  titleKey,
  live,
}: {
  titleKey: string;
  /** The live tile, supplied by the app shell (it belongs to the live feature). */
  live?: ReactNode;
}) {
  const { t } = useTranslation();
  const { me } = useSession();
  if (!me) return null;
  return (
    <>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      <p className="mb-6 text-lg text-fg">{t('dashboard.greeting', { name: me.user.displayName })}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        {live}
        <AlertsCard />
        <AccountCard me={me} />
        <UsageCard user={me.user} />
      </div>
    </>
  );
}
