import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { installationAlertsQuery } from '../api.ts';

/**
 * Problems only an administrator can fix, at the top of the admin pages: a recorder whose disk is
 * full of protected footage (it has stopped recording, or will before the disk fills). Nothing
 * while there are none.
 */
export function InstallationAlerts() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const query = useQuery(installationAlertsQuery);
  const items = query.data ?? [];
  if (!items.length) return null;
  const timeZone = me?.user.preferences.timezone ?? 'UTC';
  return (
    <section aria-label={t('adminAlerts.label')} className="mb-6 grid gap-2" data-testid="installation-alerts">
      {items.map((a) => (
        <Banner key={a.id} tone="error">
          <strong className="block font-semibold">
            {t(a.disk.paused ? 'adminAlerts.diskPaused.title' : 'adminAlerts.diskFull.title', { host: a.hostname })}
          </strong>
          <span className="block break-words">
            {t('adminAlerts.disk.body', {
              dir: a.disk.mediaDir,
              free: formatBytes(a.disk.freeBytes, i18n.language),
              threshold: formatBytes(a.disk.thresholdBytes, i18n.language),
              since: formatDateTime(a.since, timeZone, i18n.language),
            })}
          </span>
        </Banner>
      ))}
    </section>
  );
}
