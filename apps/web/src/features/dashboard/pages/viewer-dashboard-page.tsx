import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LatestEventsCard } from '../components/latest-events-card.tsx';
import { useOpsRealtime } from '../ops-api.ts';
import '../ops-translations.ts';

/** What a viewer comes for: their cameras live and what happened on them lately. */
export function ViewerDashboardPage({ titleKey, wall }: { titleKey: string; wall: ReactNode }) {
  const { t } = useTranslation();
  useOpsRealtime();
  return (
    <>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">{wall}</div>
        <LatestEventsCard />
      </div>
    </>
  );
}
