import type { UserDoc } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { usagePercent } from '../../../lib/format.ts';

/** Plan limits against what the workspace uses (spec §3 limits and usage). */
export function UsageCard({ user }: { user: UserDoc }) {
  const { t } = useTranslation();
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
            valueText={t(`dashboard.usageValue.${r.key}`, { used: r.used, limit: r.limit })}
          />
        ))}
      </div>
    </Card>
  );
}
