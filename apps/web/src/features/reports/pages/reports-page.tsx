import type { Report } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { reportSitesQuery, reportsQuery, useDeleteReport } from '../api.ts';
import { ReportForm } from '../components/report-form.tsx';
import { ReportItem } from '../components/report-item.tsx';
import { ScheduleList } from '../components/schedule-list.tsx';
import '../translations.ts';

/**
 * /manager/reports (every plan) and /vms/reports (the `vms` plan, where a report may be one
 * site's): ask for a report, follow it while it renders, download or delete it, and schedule
 * reports by mail.
 */
export function ReportsPage({ area }: { area: 'manager' | 'vms' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const { me } = useSession();
  const vms = !!me?.user.vmsAccess;
  const list = useQuery(reportsQuery);
  const sites = useQuery(reportSitesQuery(vms));
  const remove = useDeleteReport();
  const [deleting, setDeleting] = useState<Report | null>(null);
  const title = t(`pages.${area}.reports`);
  const header = <PageHeader title={title} description={t(`pages.${area}.reports.desc`)} />;
  const timeZone = list.data?.timeZone ?? 'UTC';
  // Sites only with the plan; a sites list that failed leaves the workspace-wide reports.
  const siteChoices = vms ? (sites.data ?? []) : null;

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('reports.deleted') });
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });

  return (
    <>
      {header}
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : list.isError ? (
        <Banner tone="error">{errorText(list.error)}</Banner>
      ) : (
        <>
          <ReportForm key={timeZone} timeZone={timeZone} sites={siteChoices} />
          <section aria-labelledby="reports-list">
            <h2 id="reports-list" className="mb-3 text-lg font-semibold text-fg">
              {t('reports.list')}
            </h2>
            {list.data.items.length === 0 ? (
              <p className="text-muted">{t('reports.empty')}</p>
            ) : (
              <ul className="grid gap-3">
                {list.data.items.map((r) => (
                  <ReportItem key={r.id} report={r} onDelete={setDeleting} />
                ))}
              </ul>
            )}
          </section>
          <ScheduleList timeZone={timeZone} sites={siteChoices} />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('reports.confirmDelete')}
        description={t('reports.confirmDeleteBody')}
        confirmLabel={t('reports.delete')}
        cancelLabel={t('reports.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
