import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { myTasksQuery } from '../ops-api.ts';
import { QueryCard } from './query-card.tsx';

/** The operator's open tasks, soonest due first (as the tasks API orders them), overdue marked. */
export function MyTasksCard() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  const query = useQuery(myTasksQuery);
  return (
    <QueryCard title={t('ops.tasks.title')} query={query} link={{ to: '/operator/tasks', label: t('ops.tasks.all') }}>
      {(tasks) =>
        tasks.length === 0 ? (
          <p className="text-sm text-muted">{t('ops.tasks.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="my-tasks">
            {tasks.slice(0, 8).map((task) => (
              <li key={task.id}>
                <Link
                  to={`/operator/tasks?id=${encodeURIComponent(task.id)}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md p-1 text-sm hover:bg-sunken"
                >
                  <span className="min-w-0 flex-1 font-medium text-fg">
                    {task.title}
                    {task.camera && <span className="font-normal text-muted"> — {task.camera.name}</span>}
                  </span>
                  {task.overdue ? (
                    <span className="rounded bg-warn-bg px-1.5 py-0.5 text-xs text-warn-fg">
                      {t('ops.tasks.overdue')}
                    </span>
                  ) : (
                    task.dueAt && (
                      <span className="text-xs text-muted">
                        {t('ops.tasks.due', { time: formatDateTime(task.dueAt, timeZone, i18n.language) })}
                      </span>
                    )
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}
