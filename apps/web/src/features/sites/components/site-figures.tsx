import type { SiteCounts } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';

/** A site's counts as a row of labelled figures; colour is never the only signal. */
export function SiteFigures({ counts, className }: { counts: SiteCounts; className?: string }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  return (
    <dl className={cn('grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4', className)}>
      <Figure label={t('sites.figure.online')} value={`${n(counts.online)} / ${n(counts.cameras)}`} />
      <Figure
        label={t('sites.figure.offline')}
        value={n(counts.offline)}
        tone={counts.offline > 0 ? 'text-danger font-semibold' : undefined}
        testId="site-offline"
      />
      <Figure
        label={t('sites.figure.alerts')}
        value={n(counts.openAlerts)}
        tone={counts.openAlerts > 0 ? 'text-warn-fg font-semibold' : undefined}
        testId="site-alerts"
      />
      <Figure label={t('sites.figure.storage')} value={formatBytes(counts.storageBytes, i18n.language)} />
    </dl>
  );
}

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: string | undefined;
  testId?: string;
}) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={cn('tabular-nums text-fg', tone)} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
