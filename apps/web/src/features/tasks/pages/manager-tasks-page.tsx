import type { TaskDetail } from '@vigil/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { TOPIC_TASKS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { assigneesQuery, taskListQuery, tasksKey, useDeleteTask } from '../api.ts';
import { TaskDetailDialog } from '../components/task-detail-dialog.tsx';
import { TaskFilterBar } from '../components/task-filter-bar.tsx';
import { TaskFormDialog } from '../components/task-form-dialog.tsx';
import { TaskList } from '../components/task-list.tsx';
import { TaskRow } from '../components/task-row.tsx';
import { filtersFromQuery, filtersToQuery } from '../task-model.ts';
import '../translations.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; task: TaskDetail } | null;

/**
 * /manager/tasks: give out work and follow it. Filters and the open task live in the URL;
 * `?eventId=&cameraId=` (the events page's "Create task") opens the form prefilled.
 */
export function ManagerTasksPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromQuery(params), [params]);
  const openId = params.get('id') ?? '';
  const prefill = { eventId: params.get('eventId') ?? undefined, cameraId: params.get('cameraId') ?? undefined };
  const fromEvent = !!(prefill.eventId || prefill.cameraId);
  const list = useInfiniteQuery(taskListQuery(filters));
  const people = useQuery(assigneesQuery);
  const remove = useDeleteTask();
  const [editing, setEditing] = useState<Editing>(() => (fromEvent ? { mode: 'add' } : null));
  const [deleting, setDeleting] = useState<TaskDetail | null>(null);

  // Anyone's change (an operator starting a task, a comment) refreshes the list and the open task.
  useRealtimeEvent(TOPIC_TASKS, () => void queryClient.invalidateQueries({ queryKey: tasksKey }));

  const setParam = (key: string, value: string | null, drop: string[] = []) => {
    const next = new URLSearchParams(params);
    for (const k of drop) next.delete(k);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key !== 'id' });
  };
  const closeForm = () => {
    setEditing(null);
    if (fromEvent) setParam('eventId', null, ['cameraId']);
  };
  const saved = (task: TaskDetail) => {
    toast({ kind: 'success', text: t(editing?.mode === 'edit' ? 'tasks.saved' : 'tasks.created') });
    setEditing(null);
    setParam('id', task.id, ['eventId', 'cameraId']);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('tasks.deleted') });
        setDeleting(null);
        setParam('id', null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  return (
    <>
      <PageHeader
        title={t('pages.manager.tasks')}
        description={t('pages.manager.tasks.desc')}
        actions={<Button onClick={() => setEditing({ mode: 'add' })}>{t('tasks.add')}</Button>}
      />
      <TaskFilterBar
        filters={filters}
        people={people.data ?? []}
        onChange={(next) => setParams(filtersToQuery(next, params), { replace: true })}
      />
      <TaskList
        query={list}
        label={t('pages.manager.tasks')}
        empty={t('tasks.emptyManager')}
        row={(task) => <TaskRow key={task.id} task={task} timeZone={timeZone} onOpen={() => setParam('id', task.id)} />}
      />
      {openId && !editing && (
        <TaskDetailDialog
          id={openId}
          onClose={() => setParam('id', null)}
          timeZone={timeZone}
          canManage
          onEdit={(task) => setEditing({ mode: 'edit', task })}
          onDelete={setDeleting}
        />
      )}
      {editing && (
        <TaskFormDialog
          key={editing.mode === 'edit' ? editing.task.id : 'add'}
          task={editing.mode === 'edit' ? editing.task : undefined}
          prefill={editing.mode === 'add' ? prefill : undefined}
          timeZone={timeZone}
          onClose={closeForm}
          onSaved={saved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('tasks.confirmDelete.title', { title: deleting?.title ?? '' })}
        description={t('tasks.confirmDelete.body')}
        confirmLabel={t('tasks.delete')}
        cancelLabel={t('tasks.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
