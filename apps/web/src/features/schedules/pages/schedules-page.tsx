import type { Schedule } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { TOPIC_CAMERAS, TOPIC_SCHEDULES } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { schedulesKey, schedulesQuery, useDeleteSchedule } from '../api.ts';
import { NewCameraAlertsPanel } from '../components/new-camera-alerts-panel.tsx';
import { ScheduleCard } from '../components/schedule-card.tsx';
import { ScheduleDialog } from '../components/schedule-dialog.tsx';
import { TimeZonePanel } from '../components/time-zone-panel.tsx';

import '../translations.ts';
import { todayIn } from '../../../lib/local-time.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; schedule: Schedule } | null;

export function SchedulesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(schedulesQuery);
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  // Owners count as managers (DESIGN §2); operators and viewers see when cameras are armed.
  const canEdit = session.hasAnyRole(['manager', 'admin']);

  // Teammates' edits, and camera assignments changing the counts, re-read the list.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: schedulesKey });
  useRealtimeEvent(TOPIC_SCHEDULES, refresh);
  useRealtimeEvent(TOPIC_CAMERAS, refresh);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('schedules.deleted') });
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  const timeZone = query.data?.timeZone ?? 'UTC';
  const schedules = query.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('pages.manager.schedules')}
        description={t('schedules.description')}
        actions={
          canEdit &&
          query.isSuccess && <Button onClick={() => setEditing({ mode: 'add' })}>{t('schedules.add')}</Button>
        }
      />
      {!canEdit && <p className="mb-4 text-sm text-muted">{t('schedules.readOnly')}</p>}
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : (
        <>
          <TimeZonePanel key={timeZone} timeZone={timeZone} canEdit={canEdit} />
          <NewCameraAlertsPanel canEdit={canEdit} />
          <section aria-labelledby="schedules-list">
            <h2 id="schedules-list" className="mb-3 text-lg font-semibold text-fg">
              {t('schedules.list')}
            </h2>
            {schedules.length === 0 ? (
              <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted">
                {t(canEdit ? 'schedules.emptyEditor' : 'schedules.empty')}
              </p>
            ) : (
              <ul className="grid gap-4 lg:grid-cols-2" aria-labelledby="schedules-list">
                {schedules.map((s) => (
                  <ScheduleCard
                    key={s.id}
                    schedule={s}
                    canEdit={canEdit}
                    onEdit={() => setEditing({ mode: 'edit', schedule: s })}
                    onDelete={() => setDeleting(s)}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {editing && (
        <ScheduleDialog
          key={editing.mode === 'edit' ? editing.schedule.id : 'add'}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          schedule={editing.mode === 'edit' ? editing.schedule : undefined}
          timeZone={timeZone}
          today={todayIn(timeZone)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('schedules.confirmDelete.title', { name: deleting?.name ?? '' })}
        description={t('schedules.confirmDelete.body', { count: deleting?.cameraCount ?? 0 })}
        confirmLabel={t('schedules.delete')}
        cancelLabel={t('schedules.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
