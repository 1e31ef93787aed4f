import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TOPIC_TASKS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { taskListQuery, tasksKey } from '../api.ts';
import { StepButtons } from '../components/step-buttons.tsx';
import { TaskDetailDialog } from '../components/task-detail-dialog.tsx';
import { TaskList } from '../components/task-list.tsx';
import { TaskRow } from '../components/task-row.tsx';
import type { TaskFilters } from '../task-model.ts';
import '../translations.ts';

const VIEWS = ['active', 'done'] as const;
type View = (typeof VIEWS)[number];

/** /operator/tasks: my queue — what is assigned to me, soonest due first, worked from here. */
export function OperatorTasksPage() {
  const { t } = useTranslation();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'done' ? 'done' : 'active';
  const openId = params.get('id') ?? '';
  const filters: TaskFilters = { assignee: 'me', status: view, overdue: false };
  const list = useInfiniteQuery(taskListQuery(filters));
  const overdue =
    view === 'active' ? (list.data?.pages.flatMap((p) => p.items).filter((x) => x.overdue).length ?? 0) : 0;

  // A task given to me, changed by a manager, or commented on shows up at once.
  useRealtimeEvent(TOPIC_TASKS, () => void queryClient.invalidateQueries({ queryKey: tasksKey }));

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key !== 'id' });
  };

  return (
    <>
      <PageHeader title={t('pages.operator.tasks')} description={t('pages.operator.tasks.desc')} />
      <fieldset className="mb-4 flex flex-wrap gap-2">
        <legend className="sr-only">{t('tasks.queue.show')}</legend>
        {VIEWS.map((v) => (
          <Button
            key={v}
            variant={v === view ? 'primary' : 'secondary'}
            aria-pressed={v === view}
            onClick={() => setParam('view', v === 'active' ? null : v)}
          >
            {t(`tasks.queue.${v}`)}
          </Button>
        ))}
      </fieldset>
      {overdue > 0 && (
        <Banner tone="error" className="mb-4">
          {t('tasks.queue.overdue', { count: overdue })}
        </Banner>
      )}
      <TaskList
        query={list}
        label={t('pages.operator.tasks')}
        empty={t(view === 'active' ? 'tasks.queue.empty' : 'tasks.queue.emptyDone')}
        row={(task) => (
          <TaskRow key={task.id} task={task} timeZone={timeZone} onOpen={() => setParam('id', task.id)} hideAssignee>
            <StepButtons task={task} />
            <Button
              variant="ghost"
              aria-label={t('tasks.queue.commentLabel', { title: task.title })}
              onClick={() => setParam('id', task.id)}
            >
              {t('tasks.queue.comment')}
            </Button>
          </TaskRow>
        )}
      />
      {openId && (
        <TaskDetailDialog id={openId} onClose={() => setParam('id', null)} timeZone={timeZone} canManage={false} />
      )}
    </>
  );
}
