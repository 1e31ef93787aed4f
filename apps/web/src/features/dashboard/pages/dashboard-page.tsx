import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { AccountCard } from '../components/account-card.tsx';
import { AlertsCard } from '../components/alerts-card.tsx';
import { UsageCard } from '../components/usage-card.tsx';
import { UserCountCard } from '../components/user-count-card.tsx';

export type DashboardVariant = 'admin' | 'manager' | 'operator' | 'viewer' | 'main';

/** Every dashboard summarises the same account; the admin one adds the installation's users. */
export function DashboardPage({
  variant,
  titleKey,
  live,
  alerts,
}: {
  variant: DashboardVariant;
  titleKey: string;
  /** The live tile, supplied by the app shell (it belongs to the live feature). */
  live?: ReactNode;
  /** The installation's alerts above everything (the admin dashboard; they belong to the admin settings feature). */
  alerts?: ReactNode;
}) {
  const { t } = useTranslation();
  const { me } = useSession();
  if (!me) return null;
  return (
    <>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      {alerts}
      <p className="mb-6 text-lg text-fg">{t('dashboard.greeting', { name: me.user.displayName })}</p>
      <div className="grid gap-6 lg:grid-cols-2">
        {live}
        <AlertsCard />
        {variant === 'admin' && <UserCountCard />}
        <AccountCard me={me} />
        <UsageCard user={me.user} />
      </div>
    </>
  );
}
