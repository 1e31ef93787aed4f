import { type AdminDashboard, fromMinor } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { formatMoney } from '../../../../lib/money.ts';
import { StatTile } from './stat-tile.tsx';

/** Below this share of the media disk free, the disk tile turns to a warning. */
const DISK_LOW = 0.1;

/** The installation's health in six figures, each leading to where it is acted on. */
export function InstallationTiles({ data, timeZone }: { data: AdminDashboard; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const n = (v: number) => formatNumber(v, lng);
  const held = data.recorders.reduce((sum, r) => sum + r.cameras, 0);
  const diskShare = data.disk && data.disk.totalBytes > 0 ? data.disk.freeBytes / data.disk.totalBytes : null;
  const audit = data.auditVerification;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatTile
        testId="admin-tile-recorders"
        label={t('adminDash.recorders')}
        value={n(data.recorders.length)}
        tone={data.recorders.length === 0 ? 'danger' : 'normal'}
        detail={t('adminDash.recordersDetail', { count: held, held: n(held), waiting: n(data.unassignedCameras) })}
      />
      <StatTile
        testId="admin-tile-offline"
        label={t('adminDash.offline')}
        value={n(data.cameras.offline)}
        tone={data.cameras.offline > 0 ? 'warning' : 'normal'}
        detail={t('adminDash.offlineDetail', { count: data.cameras.total, total: n(data.cameras.total) })}
      />
      <StatTile
        testId="admin-tile-jobs"
        label={t('adminDash.failedJobs')}
        value={n(data.jobs.dead)}
        tone={data.jobs.dead > 0 ? 'danger' : 'normal'}
        detail={t('adminDash.jobsDetail', { waiting: n(data.jobs.waiting), running: n(data.jobs.running) })}
        link={{ to: '/admin/settings#failed-jobs', label: t('adminDash.seeFailedJobs') }}
      />
      <StatTile
        testId="admin-tile-disk"
        label={t('adminDash.disk')}
        value={data.disk ? formatBytes(data.disk.freeBytes, lng) : t('adminDash.unknown')}
        tone={diskShare !== null && diskShare < DISK_LOW ? 'warning' : 'normal'}
        detail={
          data.disk
            ? t('adminDash.diskDetail', { total: formatBytes(data.disk.totalBytes, lng) })
            : t('adminDash.diskUnknown')
        }
        link={{ to: '/admin/settings', label: t('adminDash.diskGuard') }}
      />
      <StatTile
        testId="admin-tile-database"
        label={t('adminDash.database')}
        value={formatBytes(data.database.sizeBytes, lng)}
        detail={t('adminDash.databaseDetail', { ms: formatNumber(data.database.latencyMs, lng) })}
      />
      <StatTile
        testId="admin-tile-revenue"
        label={t('adminDash.revenue')}
        value={
          data.revenue.length === 0
            ? formatNumber(0, lng)
            : data.revenue.map((r) => formatMoney(fromMinor(r.amountMinor, r.currency), r.currency, lng)).join(' · ')
        }
        detail={t('adminDash.revenueDetail', {
          count: data.revenue.reduce((sum, r) => sum + r.payments, 0),
        })}
        link={{ to: '/admin/payment-settings', label: t('adminDash.payments') }}
      />
      <StatTile
        testId="admin-tile-audit"
        label={t('adminDash.audit')}
        value={audit ? t(audit.ok ? 'adminDash.auditOk' : 'adminDash.auditBroken') : t('adminDash.auditNever')}
        tone={audit && !audit.ok ? 'danger' : 'normal'}
        detail={
          audit
            ? t('adminDash.auditDetail', { at: formatDateTime(audit.at, timeZone, lng), entries: n(audit.entries) })
            : t('adminDash.auditNeverDetail')
        }
        link={{ to: '/security', label: t('adminDash.auditOpen') }}
      />
    </div>
  );
}
