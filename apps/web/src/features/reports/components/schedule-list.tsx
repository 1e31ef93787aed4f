import type { ReportSchedule } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDate } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { schedulesQuery, useDeleteSchedule } from '../api.ts';
import { ScheduleFormDialog } from './schedule-form-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; schedule: ReportSchedule } | null;

/** The workspace's report schedules: what each sends, to whom, when next; add, change, delete. */
export function ScheduleList(props: { timeZone: string; sites: { id: string; name: string }[] | null }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const list = useQuery(schedulesQuery);
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);

  const saved = () => {
    toast({
      kind: 'success',
      text: t(editing?.mode === 'edit' ? 'reports.schedules.saved' : 'reports.schedules.created'),
    });
    setEditing(null);
  };
  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('reports.schedules.deleted') });
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });

  return (
    <section aria-labelledby="report-schedules" className="mt-10">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="report-schedules" className="text-lg font-semibold text-fg">
          {t('reports.schedules.title')}
        </h2>
        <Button variant="secondary" onClick={() => setEditing({ mode: 'add' })}>
          {t('reports.schedules.add')}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : list.isError ? (
        <Banner tone="error">{errorText(list.error)}</Banner>
      ) : list.data.length === 0 ? (
        <p className="text-muted">{t('reports.schedules.empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {list.data.map((s) => (
            <li key={s.id} className="rounded-lg border border-line bg-surface p-4" data-testid="schedule-item">
              <p className="font-medium text-fg">
                {t('reports.schedules.summary', {
                  frequency: t(`reports.schedules.frequencies.${s.frequency}`),
                  kind: t(`reports.kinds.${s.kind}`),
                  format: t(`reports.formats.${s.format}`),
                })}
              </p>
              <p className="text-sm text-muted">
                {s.siteName ?? t('reports.allCameras')} ·{' '}
                {t('reports.schedules.next', { when: formatDate(s.nextRunAt, props.timeZone, i18n.language) })}
              </p>
              <p className="text-sm break-words text-muted">
                {t('reports.schedules.to', { names: s.recipients.map((r) => r.displayName).join(', ') || '—' })}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', schedule: s })}>
                  {t('reports.edit')}
                </Button>
                <Button variant="ghost" onClick={() => setDeleting(s)}>
                  {t('reports.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ScheduleFormDialog
          key={editing.mode === 'edit' ? editing.schedule.id : 'add'}
          schedule={editing.mode === 'edit' ? editing.schedule : undefined}
          sites={props.sites}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('reports.schedules.confirmDelete')}
        description={t('reports.schedules.confirmDeleteBody')}
        confirmLabel={t('reports.delete')}
        cancelLabel={t('reports.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
