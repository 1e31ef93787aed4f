import type { Site } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { cn } from '../../../lib/cn.ts';

/** One site at a glance: what needs attention written out first, then its figures. */
export function SiteGlance({ site }: { site: Site }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const c = site.counts;
  const state = c.offline > 0 ? 'offline' : c.openAlerts > 0 ? 'alerts' : c.cameras === 0 ? 'empty' : 'ok';
  const tone = {
    offline: 'bg-error-bg text-error-fg',
    alerts: 'bg-warn-bg text-warn-fg',
    ok: 'bg-ok-bg text-ok-fg',
    empty: 'bg-sunken text-muted',
  }[state];
  return (
    <li
      className="grid gap-2 rounded-lg border border-line bg-surface p-3 sm:grid-cols-[minmax(0,2fr)_11rem_minmax(0,3fr)] sm:items-center sm:gap-4"
      data-testid="site-glance"
      data-state={state}
    >
      <div className="min-w-0">
        <Link
          to={`/vms/sites/${site.id}`}
          className="font-semibold break-words text-primary underline-offset-4 hover:underline"
        >
          {site.name}
        </Link>
        {site.tags.length > 0 && <p className="truncate text-xs text-muted">{site.tags.join(' · ')}</p>}
      </div>
      <span className={cn('justify-self-start rounded-full px-2.5 py-0.5 text-xs font-medium', tone)}>
        {t(`vmsDashboard.state.${state}`, { count: state === 'offline' ? c.offline : c.openAlerts })}
      </span>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Fig label={t('vmsDashboard.totals.online')} value={`${n(c.online)}/${n(c.cameras)}`} />
        <Fig label={t('vmsDashboard.totals.offline')} value={n(c.offline)} />
        <Fig label={t('vmsDashboard.totals.alerts')} value={n(c.openAlerts)} />
        <Fig label={t('vmsDashboard.totals.storage')} value={formatBytes(c.storageBytes, i18n.language)} />
      </dl>
    </li>
  );
}

function Fig({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-muted">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
