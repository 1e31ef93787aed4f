import type { Db } from '@vigil/db';
import type { ManagerDashboard } from '@vigil/shared';
import type { ScopedActor } from '../../lib/camera-scope.ts';
import { managerDashboardRepo as repo } from './manager-dashboard.repo.ts';

export function createManagerDashboardService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async read(actor: ScopedActor, uid: string): Promise<ManagerDashboard> {
      const [team, tasks, alertsBySite, week, started] = await Promise.all([
        repo.team(db, actor.workspaceId),
        repo.tasks(db, actor.workspaceId),
        repo.alertsBySite(db, actor),
        repo.week(db, actor),
        repo.gettingStarted(db, actor.workspaceId, uid),
      ]);
      const { everInvited, ...shown } = team;
      return {
        team: shown,
        tasks,
        alertsBySite,
        week,
        gettingStarted: {
          done: { camera: started.camera, live: started.live, alerts: started.alerts, team: everInvited },
          dismissed: started.dismissed,
        },
      };
    },

    /** Puts the checklist away for this person, for good (their other workspaces too). */
    dismissGettingStarted: (uid: string) => repo.dismissGettingStarted(db, uid),
  };
}
export type ManagerDashboardService = ReturnType<typeof createManagerDashboardService>;
