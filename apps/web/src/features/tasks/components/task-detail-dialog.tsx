import { type TaskDetail, type TaskStatus, TASK_STATUSES } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Fact, RecordDialog, RecordHeader } from '../../../components/ui/dialog.tsx';
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
    <RecordDialog
      query={query}
      onClose={props.onClose}
      testId="task-dialog"
      title={t('tasks.dialogTitle')}
      notFound={t('tasks.notFound')}
      closeLabel={t('tasks.close')}
      loadingLabel={t('app.loading')}
    >
      {(task) => <TaskBody task={task} {...props} />}
    </RecordDialog>
  );
}

function TaskBody({ task, ...props }: TaskDetailDialogProps & { task: TaskDetail }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => formatDateTime(iso, props.timeZone, i18n.language);
  const setStatus = useSetStatus();
  return (
    <div className="grid gap-4">
      <RecordHeader title={task.title} closeLabel={t('tasks.close')}>
        <div className="mt-2">
          <TaskBadges task={task} />
        </div>
      </RecordHeader>
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
