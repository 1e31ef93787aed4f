import type { Task, TaskStatus } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useUpdateTask } from '../api.ts';
import { nextSteps } from '../task-model.ts';

/** Moves a task to a status, saying so (or why not) in a toast. */
export function useSetStatus() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateTask();
  return {
    isPending: update.isPending,
    run(id: string, status: TaskStatus) {
      update.mutate(
        { id, patch: { status } },
        {
          onSuccess: () =>
            toast({ kind: 'success', text: t('tasks.statusChanged', { status: t(`tasks.status.${status}`) }) }),
          onError: (err) => toast({ kind: 'error', text: errorText(err) }),
        },
      );
    },
  };
}

/** The assignee's next steps for a task: start, done, reopen. */
export function StepButtons({ task }: { task: Task }) {
  const { t } = useTranslation();
  const setStatus = useSetStatus();
  return (
    <>
      {nextSteps(task.status).map((step, i) => (
        <Button
          key={step.key}
          variant={i === 0 ? 'primary' : 'secondary'}
          busy={setStatus.isPending}
          aria-label={t(`tasks.step.${step.key}Label`, { title: task.title })}
          onClick={() => setStatus.run(task.id, step.status)}
        >
          {t(`tasks.step.${step.key}`)}
        </Button>
      ))}
    </>
  );
}
