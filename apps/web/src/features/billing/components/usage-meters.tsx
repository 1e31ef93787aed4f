import type { Billing } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { Meter } from '../../../components/ui/progress.tsx';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { type MeterKey, meters } from '../billing-model.ts';

/** Plan storage is counted in GB (10^9 bytes); shown in the unit that reads best. */
const GB = 1e9;

/** What the workspace uses against each limit of its plan; near or at a limit, the words say so. */
export function UsageMeters({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation();
  const show = (key: MeterKey, n: number) =>
    key === 'storage' ? formatBytes(n * GB, i18n.language) : formatNumber(n, i18n.language);
  return (
    <Card title={t('billing.usage.title')}>
      <div className="flex flex-col gap-4">
        {meters(billing).map((m) => {
          const figures = t('billing.usage.value', { used: show(m.key, m.used), limit: show(m.key, m.limit) });
          const note =
            m.level === 'full' ? t('billing.usage.full') : m.level === 'warning' ? t('billing.usage.near') : '';
          return (
            <Meter
              key={m.key}
              testId={`meter-${m.key}`}
              label={t(`billing.limit.${m.key}`)}
              value={m.percent}
              valueText={note ? `${figures} — ${note}` : figures}
              tone={m.level}
            />
          );
        })}
      </div>
    </Card>
  );
}
