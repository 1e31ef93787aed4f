import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type TaskDetail, type TaskStatus, TASK_STATUSES } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { taskQuery } from '../api.ts';
import { CommentThread } from './comment-thread.tsx';
import { StepButtons, useSetStatus } from './step-buttons.tsx';
import { TaskBadges } from './task-badges.tsx';

export interface TaskDetailDialogProps {
  id: string;
  onClose(): void;
  timeZone: string;
  /** Managers edit, delete and set any status; the assignee moves it along. */
  canManage: boolean;
  onEdit?(task: TaskDetail): void;
  onDelete?(task: TaskDetail): void;
}

/** One task: its facts, what can be done with it and its comments. Opened by ?id= in the URL. */
export function TaskDetailDialog(props: TaskDetailDialogProps) {
  const { t } = useTranslation();
  const query = useQuery(taskQuery(props.id));
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && props.onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 overflow-y-auto bg-surface p-4 text-fg shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg sm:border sm:border-line sm:p-6"
          data-testid="task-dialog"
          aria-describedby={undefined}
        >
          {query.isSuccess ? (
            <TaskBody task={query.data} {...props} />
          ) : (
            <>
              <DialogPrimitive.Title className="text-lg font-semibold">{t('tasks.dialogTitle')}</DialogPrimitive.Title>
              {query.isPending ? (
                <Spinner label={t('app.loading')} />
              ) : (
                <>
                  <Banner tone="error" className="my-4">
                    {t('tasks.notFound')}
                  </Banner>
                  <DialogPrimitive.Close asChild>
                    <Button variant="secondary">{t('tasks.close')}</Button>
                  </DialogPrimitive.Close>
                </>
              )}
            </>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

function TaskBody({ task, ...props }: TaskDetailDialogProps & { task: TaskDetail }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => formatDateTime(iso, props.timeZone, i18n.language);
  const setStatus = useSetStatus();
  return (
    <div className="grid gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <DialogPrimitive.Title className="break-words text-lg font-semibold">{task.title}</DialogPrimitive.Title>
          <div className="mt-2">
            <TaskBadges task={task} />
          </div>
        </div>
        <DialogPrimitive.Close asChild>
          <Button variant="ghost" aria-label={t('tasks.close')} className="shrink-0 px-3 text-lg">
            ×
          </Button>
        </DialogPrimitive.Close>
      </div>
      {task.description && <p className="whitespace-pre-wrap break-words text-sm text-fg">{task.description}</p>}
      <dl className="grid gap-2">
        <Fact label={t('tasks.assignee')}>{task.assignee?.displayName || t('tasks.unassigned')}</Fact>
        <Fact label={t('tasks.due')}>
          <span className={task.overdue ? 'font-medium text-danger' : undefined}>
            {task.dueAt ? when(task.dueAt) : t('tasks.noDue')}
          </span>
        </Fact>
        <Fact label={t('tasks.form.priority')}>{t(`tasks.priority.${task.priority}`)}</Fact>
        {task.camera && <Fact label={t('tasks.camera')}>{task.camera.name}</Fact>}
        {task.eventId && (
          <Fact label={t('tasks.event')}>
            <Link to={`/viewer/events?id=${encodeURIComponent(task.eventId)}`} className="text-primary underline">
              {t('tasks.openEvent')}
            </Link>
          </Fact>
        )}
        <Fact label={t('tasks.createdBy')}>
          {t('tasks.byOn', {
            name: task.createdBy?.displayName || t('tasks.comments.formerMember'),
            when: when(task.createdAt),
          })}
        </Fact>
        {task.completedAt && <Fact label={t('tasks.completed')}>{when(task.completedAt)}</Fact>}
      </dl>
      <div className="flex flex-wrap items-end gap-2 border-t border-line pt-4">
        {props.canManage ? (
          <>
            <SelectField
              label={t('tasks.statusLabel')}
              value={task.status}
              disabled={setStatus.isPending}
              onChange={(e) => setStatus.run(task.id, e.target.value as TaskStatus)}
              options={TASK_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) }))}
            />
            <Button variant="secondary" onClick={() => props.onEdit?.(task)}>
              {t('tasks.edit')}
            </Button>
            <Button variant="danger" onClick={() => props.onDelete?.(task)}>
              {t('tasks.delete')}
            </Button>
          </>
        ) : (
          <StepButtons task={task} />
        )}
      </div>
      <CommentThread taskId={task.id} comments={task.comments} timeZone={props.timeZone} />
    </div>
  );
}
