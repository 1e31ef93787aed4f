import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { siteListQuery, useCreateSite } from '../api.ts';
import { PageProblem } from '../components/page-problem.tsx';
import { SiteFormView } from '../components/site-form.tsx';
import { createInput, emptySiteForm } from '../site-form-model.ts';
import '../translations.ts';

/** /vms/sites/add: a new site, then its details. */
export function SiteAddPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateSite();
  // The tags in use (suggestions), and the plan's answer before anyone types a whole form for nothing.
  const list = useQuery(siteListQuery({ tag: '', q: '' }));
  return (
    <>
      <PageHeader title={t('pages.vms.sites.add')} description={t('pages.vms.sites.add.desc')} />
      {list.isError ? (
        <PageProblem error={list.error} />
      ) : (
        <SiteFormView
          initial={emptySiteForm()}
          formLabel={t('pages.vms.sites.add')}
          submitLabel={t('sites.form.create')}
          busy={create.isPending}
          failure={create.error}
          cancelTo="/vms/sites"
          tagSuggestions={list.data?.tags}
          onSubmit={(form) =>
            create.mutate(createInput(form), {
              onSuccess: (site) => {
                toast({ kind: 'success', text: t('sites.created', { name: site.name }) });
                navigate(`/vms/sites/${site.id}`);
              },
            })
          }
        />
      )}
    </>
  );
}
