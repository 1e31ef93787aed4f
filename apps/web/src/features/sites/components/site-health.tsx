import type { SiteHealth } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { formatBytes, formatDateTime, formatNumber } from '../../../lib/format.ts';

/** Health this month: cameras online, storage, last recording, open alerts and uptime. */
export function SiteHealthCard({ health, timeZone }: { health: SiteHealth; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const uptime =
    health.uptimeThisMonth === null
      ? t('sites.health.noUptime')
      : new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(health.uptimeThisMonth);
  const rows: [string, string, string][] = [
    [
      'online',
      t('sites.health.online'),
      t('sites.health.onlineOf', {
        online: formatNumber(health.camerasOnline, lng, 0),
        total: formatNumber(health.cameras, lng, 0),
      }),
    ],
    ['storage', t('sites.health.storage'), formatBytes(health.storageBytes, lng)],
    [
      'last-recording',
      t('sites.health.lastRecording'),
      health.lastRecordingAt ? formatDateTime(health.lastRecordingAt, timeZone, lng) : t('sites.health.never'),
    ],
    ['alerts', t('sites.health.openAlerts'), formatNumber(health.openAlerts, lng, 0)],
    ['uptime', t('sites.health.uptime'), uptime],
  ];
  return (
    <Card title={t('sites.health.title')}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="site-health">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex flex-col">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`health-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
