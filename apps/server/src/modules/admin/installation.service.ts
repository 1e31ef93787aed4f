import type { Db, DbOrTx } from '@vigil/db';
import { type DiskGuardSettings, type InstallationAlert, diskGuardSettingsSchema } from '@vigil/shared';
import { audit } from '../audit/audit.module.ts';
import { installationRepo, type StoredAlert } from './installation.repo.ts';

/**
 * Installation-level state administrators watch: the disk guard's threshold (the environment's
 * default unless Admin › Settings saved one) and the alerts processes raise about problems only an
 * administrator can fix.
 */

/** The disk guard's setting in force: the saved one, else the environment's default. */
export async function diskGuardSettings(db: DbOrTx, defaults: DiskGuardSettings): Promise<DiskGuardSettings> {
  const saved = diskGuardSettingsSchema.safeParse(await installationRepo.diskGuard(db));
  return saved.success ? saved.data : defaults;
}

export function createInstallationService(deps: { db: Db; diskGuardDefaults: DiskGuardSettings }) {
  const { db } = deps;
  return {
    diskGuard: () => diskGuardSettings(db, deps.diskGuardDefaults),

    /** A new threshold, in the installation's audit chain; every recorder reads it within seconds. */
    async saveDiskGuard(next: DiskGuardSettings): Promise<DiskGuardSettings> {
      const before = await diskGuardSettings(db, deps.diskGuardDefaults);
      await db.transaction(async (tx) => {
        await installationRepo.saveDiskGuard(tx, next);
        await audit.record(tx, {
          action: 'settings.storage-changed',
          workspaceId: null,
          targetType: 'installation',
          details: { diskGuard: next, previous: before },
        });
      });
      return diskGuardSettings(db, deps.diskGuardDefaults);
    },

    async alerts(): Promise<{ items: InstallationAlert[] }> {
      const rows = await installationRepo.alerts(db);
      return {
        items: rows.map(({ id, value }) => ({
          id,
          kind: value.kind,
          hostname: value.hostname,
          since: value.since,
          disk: value.disk,
        })),
      };
    },
  };
}
export type InstallationService = ReturnType<typeof createInstallationService>;

/** Raises (or updates) the alert `id`; the process that raised it clears it. */
export const raiseInstallationAlert = (db: DbOrTx, id: string, alert: StoredAlert) =>
  installationRepo.raiseAlert(db, id, alert);
export const clearInstallationAlert = (db: DbOrTx, id: string) => installationRepo.clearAlert(db, id);
export type { StoredAlert as InstallationAlertInput };
