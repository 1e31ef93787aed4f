import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TOPIC_CAMERAS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { siteListQuery, sitesKey } from '../api.ts';
import { PageProblem } from '../components/page-problem.tsx';
import { SiteCard } from '../components/site-card.tsx';
import '../translations.ts';

/** /vms/sites: every site the person may see, most attention first; search and a tag filter in the URL. */
export function SitesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canManage = session.hasAnyRole(['manager', 'admin']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(typed, 300);
  useEffect(() => {
    const next = new URLSearchParams(params);
    if (q.trim()) next.set('q', q.trim());
    else next.delete('q');
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [q, params, setParams]);
  const list = useQuery(siteListQuery({ tag, q }));
  // A camera going offline anywhere changes the figures.
  useRealtimeEvent(TOPIC_CAMERAS, () => void queryClient.invalidateQueries({ queryKey: [...sitesKey, 'list'] }));

  const setTag = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('tag', value);
    else next.delete('tag');
    setParams(next, { replace: true });
  };
  const tags = list.data?.tags ?? [];
  const refused = list.isError && !list.data;

  return (
    <>
      <PageHeader
        title={t('pages.vms.sites')}
        description={t('pages.vms.sites.desc')}
        actions={
          canManage && !refused ? (
            <Link to="/vms/sites/add" className={buttonClass('primary')}>
              {t('pages.vms.sites.add')}
            </Link>
          ) : undefined
        }
      />
      {list.isError && <PageProblem error={list.error} />}
      {!refused && (
        <div className="mb-4 grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-[2fr_1fr] sm:items-end">
          <TextField
            label={t('sites.search')}
            type="search"
            value={typed}
            placeholder={t('sites.searchPlaceholder')}
            onChange={(e) => setTyped(e.target.value)}
          />
          <SelectField
            label={t('sites.filterTag')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            options={[
              { value: '', label: t('sites.allTags') },
              ...(tag && !tags.includes(tag) ? [tag] : []).concat(tags).map((x) => ({ value: x, label: x })),
            ]}
          />
        </div>
      )}
      {list.isPending && <Spinner label={t('sites.loading')} />}
      {list.data && list.data.items.length === 0 && (
        <p className="rounded-lg border border-dashed border-line p-6 text-center text-muted" data-testid="sites-empty">
          {tag || q ? t('sites.noMatch') : t('sites.none')}
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('pages.vms.sites')} aria-busy={list.isFetching}>
          {list.data.items.map((site) => (
            <SiteCard key={site.id} site={site} />
          ))}
        </ul>
      )}
    </>
  );
}
