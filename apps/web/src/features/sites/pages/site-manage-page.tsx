import type { SiteDetails } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { siteQuery } from '../api.ts';
import { AccessEditor } from '../components/access-editor.tsx';
import { CameraPicker } from '../components/camera-picker.tsx';
import { DefaultsEditor } from '../components/defaults-editor.tsx';
import { PageProblem } from '../components/page-problem.tsx';
import '../translations.ts';

export interface SiteManagePageProps {
  /** What other features add to managing a site (the shell fills it: adding cameras in bulk). */
  extra?: (site: SiteDetails) => ReactNode;
}

/** /vms/sites/:id/manage: its cameras, who may see it, its default schedule and retention. */
export function SiteManagePage({ extra }: SiteManagePageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useSession();
  const canManage = session.hasAnyRole(['manager', 'admin']);
  const site = useQuery(siteQuery(id));
  const data = site.data;
  return (
    <>
      <PageHeader
        title={data ? t('sites.manageTitle', { name: data.name }) : t('pages.vms.sites.id.manage')}
        description={t('pages.vms.sites.id.manage.desc')}
      />
      <p className="mb-4 text-sm">
        <Link to={`/vms/sites/${id}`} className="text-primary underline underline-offset-4">
          {t('sites.backToSite')}
        </Link>
      </p>
      {site.isPending && <Spinner label={t('sites.loading')} />}
      {site.isError && <PageProblem error={site.error} />}
      {data && !canManage && <Banner tone="info">{t('sites.managersOnly')}</Banner>}
      {data && canManage && (
        <div className="flex flex-col gap-6">
          <CameraPicker siteId={data.id} />
          {extra?.(data)}
          <div className="grid gap-6 lg:grid-cols-2">
            <AccessEditor siteId={data.id} />
            <DefaultsEditor key={data.updatedAt} site={data} />
          </div>
        </div>
      )}
    </>
  );
}
