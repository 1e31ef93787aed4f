import type { ManagerDashboard } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card.tsx';
import { CardLink } from '../card-link.tsx';
import { formatNumber } from '../../../../lib/format.ts';

/** Who of the team is using Vigil now, and the tasks they owe. */
export function TeamCard({ team, tasks }: { team: ManagerDashboard['team']; tasks: ManagerDashboard['tasks'] }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  return (
    <Card title={t('managerDash.team')} className="min-w-0">
      <dl className="mb-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {(
          [
            ['onNow', team.onNow.length, 'normal'],
            ['members', team.members, 'normal'],
            ['tasksOpen', tasks.open, 'normal'],
            ['tasksOverdue', tasks.overdue, tasks.overdue > 0 ? 'danger' : 'normal'],
          ] as const
        ).map(([key, value, tone]) => (
          <div key={key} className="min-w-0" data-testid={`manager-${key}`}>
            <dt className="text-sm text-muted">{t(`managerDash.${key}`)}</dt>
            <dd className={tone === 'danger' ? 'text-2xl font-bold text-danger' : 'text-2xl font-bold text-fg'}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      {team.onNow.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('managerDash.onNowList')} data-testid="manager-on-now">
          {team.onNow.map((m) => (
            <li key={m.uid} className="rounded-full bg-ok-bg px-3 py-1 text-sm text-ok-fg">
              {m.displayName}
            </li>
          ))}
        </ul>
      )}
      {team.pendingInvitations > 0 && (
        <p className="mt-3 text-sm text-muted">
          {t('managerDash.pending', { count: team.pendingInvitations, n: n(team.pendingInvitations) })}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-4">
        <CardLink to="/manager/team" label={t('managerDash.manageTeam')} />
        <CardLink to="/manager/tasks" label={t('managerDash.openTasks')} />
      </div>
    </Card>
  );
}
