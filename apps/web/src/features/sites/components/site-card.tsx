import type { Site } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteFigures } from './site-figures.tsx';

/** One site in the list: its name (the link to its details), address, tags and figures. */
export function SiteCard({ site }: { site: Site }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-lg border border-line bg-surface p-4" data-testid="site-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold">
          <Link to={`/vms/sites/${site.id}`} className="break-words text-primary underline-offset-4 hover:underline">
            {site.name}
          </Link>
        </h2>
        {site.counts.offline > 0 && (
          <span className="rounded-full bg-error-bg px-2 py-0.5 text-xs font-medium text-error-fg">
            {t('sites.needsAttention')}
          </span>
        )}
      </div>
      {site.address && <p className="mt-1 text-sm break-words text-muted">{site.address}</p>}
      {site.tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('sites.tags')}>
          {site.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-sunken px-2 py-0.5 text-xs text-fg">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <SiteFigures counts={site.counts} className="mt-3" />
    </li>
  );
}
