import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { siteListQuery, siteQuery, useUpdateSite } from '../api.ts';
import { DeleteSiteButton } from '../components/delete-site.tsx';
import { PageProblem } from '../components/page-problem.tsx';
import { SiteFormView } from '../components/site-form.tsx';
import { formOfSite, patchOf } from '../site-form-model.ts';
import '../translations.ts';

/** /vms/sites/:id/edit: the site's fields; only what changed is sent. Delete lives here too. */
export function SiteEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const toast = useToast();
  const navigate = useNavigate();
  const site = useQuery(siteQuery(id));
  const tags = useQuery(siteListQuery({ tag: '', q: '' }));
  const update = useUpdateSite();
  const canManage = useSession().hasAnyRole(['manager', 'admin']);
  return (
    <>
      <PageHeader
        title={site.data ? t('sites.editTitle', { name: site.data.name }) : t('pages.vms.sites.id.edit')}
        description={t('pages.vms.sites.id.edit.desc')}
      />
      {site.isPending && <Spinner label={t('sites.loading')} />}
      {site.isError && <PageProblem error={site.error} />}
      {site.data && !canManage && <Banner tone="info">{t('sites.managersOnly')}</Banner>}
      {site.data && canManage && (
        <SiteFormView
          // A fresh form per site version: a save re-reads it.
          key={`${site.data.id}:${site.data.updatedAt}`}
          initial={formOfSite(site.data)}
          formLabel={t('pages.vms.sites.id.edit')}
          submitLabel={t('sites.form.save')}
          busy={update.isPending}
          failure={update.error}
          cancelTo={`/vms/sites/${id}`}
          tagSuggestions={tags.data?.tags}
          danger={<DeleteSiteButton site={site.data} />}
          onSubmit={(form) => {
            const patch = patchOf(formOfSite(site.data), form);
            if (Object.keys(patch).length === 0) {
              navigate(`/vms/sites/${id}`);
              return;
            }
            update.mutate(
              { id, patch },
              {
                onSuccess: () => {
                  toast({ kind: 'success', text: t('sites.saved') });
                  navigate(`/vms/sites/${id}`);
                },
              },
            );
          }}
        />
      )}
    </>
  );
}
