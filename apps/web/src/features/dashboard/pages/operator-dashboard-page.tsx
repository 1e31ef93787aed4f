import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { AlertQueue } from '../components/alert-queue.tsx';
import { MyTasksCard } from '../components/my-tasks-card.tsx';
import { useOpsRealtime } from '../ops-api.ts';
import '../ops-translations.ts';

/** The operator's desk: the alerts to deal with first, then their tasks and their cameras live. */
export function OperatorDashboardPage({ titleKey, wall }: { titleKey: string; wall: ReactNode }) {
  const { t } = useTranslation();
  useOpsRealtime();
  return (
    <>
      <PageHeader title={t(titleKey)} description={t(`${titleKey}.desc`)} />
      <div className="grid gap-6 lg:grid-cols-3">
        <AlertQueue />
        <MyTasksCard />
        <div className="lg:col-span-3">{wall}</div>
      </div>
    </>
  );
}
