import type { UserDoc } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { formatBytes, formatNumber, usagePercent } from '../../../lib/format.ts';

/** Plan storage is counted in GB (10^9 bytes); it is shown in the unit that reads best. */
const GB = 1e9;

/** Plan limits against what the workspace uses (spec §3 limits and usage). */
export function UsageCard({ user }: { user: UserDoc }) {
  const { t, i18n } = useTranslation();
  const show = (key: string, n: number) =>
    key === 'storage' ? formatBytes(n * GB, i18n.language) : formatNumber(n, i18n.language);
  const { limits, usage } = user;
  const rows = [
    { key: 'cameras', used: usage.camerasCount, limit: limits.maxCameras },
    { key: 'recordings', used: usage.recordingsCount, limit: limits.maxRecordings },
    { key: 'storage', used: usage.storageUsed, limit: limits.maxStorage },
    { key: 'ai', used: usage.aiAnalysisUsed, limit: limits.aiAnalysisQuota },
  ] as const;
  return (
    <Card title={t('dashboard.usage')}>
      <div className="flex flex-col gap-4">
        {rows.map((r) => (
          <Meter
            key={r.key}
            label={t(`dashboard.usage.${r.key}`)}
            value={usagePercent(r.used, r.limit)}
            valueText={t(`dashboard.usageValue.${r.key}`, {
              used: show(r.key, r.used),
              limit: show(r.key, r.limit),
            })}
          />
        ))}
      </div>
    </Card>
  );
}
