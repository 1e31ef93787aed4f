import type { AdminDashboard } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../../components/ui/card.tsx';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';

/** The cameras offline longest, in every workspace: what an administrator chases first. */
export function OfflineCamerasCard({ cameras, timeZone }: { cameras: AdminDashboard['cameras']; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Card title={t('adminDash.offlineTitle')} className="min-w-0">
      {cameras.offlineList.length === 0 ? (
        <p className="text-sm text-muted">{t('adminDash.allOnline')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="admin-offline-list">
          {cameras.offlineList.map((c) => (
            <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
              <span className="min-w-0 break-words font-medium text-fg">{c.name}</span>
              <span className="text-sm text-muted">
                {t(c.since ? 'adminDash.offlineRow' : 'adminDash.offlineRowNever', {
                  workspace: c.workspaceName,
                  status: t(`adminDash.status.${c.status}`, { defaultValue: c.status }),
                  since: formatDateTime(c.since, timeZone, lng),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {cameras.offline > cameras.offlineList.length && (
        <p className="mt-2 text-sm text-muted">
          {t('adminDash.offlineMore', { n: formatNumber(cameras.offline - cameras.offlineList.length, lng) })}
        </p>
      )}
    </Card>
  );
}
