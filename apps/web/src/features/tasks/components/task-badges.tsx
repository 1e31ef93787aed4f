import type { Task } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

const STATUS_TONE: Record<Task['status'], string> = {
  open: 'bg-info-bg text-info-fg',
  in_progress: 'bg-warn-bg text-warn-fg',
  done: 'bg-ok-bg text-ok-fg',
  canceled: 'bg-sunken text-muted',
};

/** Status, priority and lateness at a glance — in words, never colour alone. */
export function TaskBadges({ task }: { task: Task }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className={cn(pill, STATUS_TONE[task.status])} data-testid="task-status">
        {t(`tasks.status.${task.status}`)}
      </span>
      {task.priority !== 'normal' && (
        <span
          className={cn(
            pill,
            task.priority === 'urgent' || task.priority === 'high' ? 'bg-error-bg text-error-fg' : 'bg-sunken text-fg',
          )}
        >
          {t(`tasks.priority.${task.priority}`)}
        </span>
      )}
      {task.overdue && (
        <span className={cn(pill, 'bg-danger text-on-danger')} data-testid="task-overdue">
          {t('tasks.overdue')}
        </span>
      )}
    </span>
  );
}
