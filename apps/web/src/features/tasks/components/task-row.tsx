import type { Task } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { TaskBadges } from './task-badges.tsx';

export interface TaskRowProps {
  task: Task;
  timeZone: string;
  onOpen(): void;
  /** Hide the assignee (the operator's own queue). */
  hideAssignee?: boolean;
  /** Quick actions under the facts (the assignee's status buttons). */
  children?: ReactNode;
}

/** One task in a list: its title opens it; badges, assignee, due time, camera and comments. */
export function TaskRow({ task, timeZone, onOpen, hideAssignee, children }: TaskRowProps) {
  const { t, i18n } = useTranslation();
  const facts: [string, string][] = [
    ...(hideAssignee
      ? []
      : [[t('tasks.assignee'), task.assignee?.displayName || t('tasks.unassigned')] as [string, string]]),
    [t('tasks.due'), task.dueAt ? formatDateTime(task.dueAt, timeZone, i18n.language) : t('tasks.noDue')],
    ...(task.camera ? [[t('tasks.camera'), task.camera.name] as [string, string]] : []),
  ];
  return (
    <li
      className={cn(
        'rounded-lg border border-line bg-surface p-3 sm:p-4',
        task.overdue && 'border-l-4 border-l-danger',
        (task.status === 'done' || task.status === 'canceled') && 'opacity-80',
      )}
      data-testid="task-row"
      data-task-id={task.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <button
          type="button"
          onClick={onOpen}
          className="min-w-0 break-words text-left font-medium text-fg underline-offset-2 hover:underline"
        >
          {task.title}
        </button>
        <TaskBadges task={task} />
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-1">
            <dt className="text-muted">{label}:</dt>
            <dd
              className={cn('min-w-0 break-words text-fg', label === t('tasks.due') && task.overdue && 'text-danger')}
            >
              {value}
            </dd>
          </div>
        ))}
        {task.commentCount > 0 && (
          <div>
            <dt className="sr-only">{t('tasks.queue.comment')}</dt>
            <dd className="text-muted">{t('tasks.commentCount', { count: task.commentCount })}</dd>
          </div>
        )}
      </dl>
      {children && <div className="mt-3 flex flex-wrap gap-2">{children}</div>}
    </li>
  );
}
