import type { AdminPlan } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { adminPlansQuery } from '../../../lib/plans.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { paymentSettingsQuery, useSavePlan } from '../api.ts';
import { PlanEditor } from '../components/plan-editor.tsx';
import { PlansTable } from '../components/plans-table.tsx';
import '../translations.ts';

/**
 * The pricing editor: the plans table and one editor for a new or an existing plan. Archiving
 * is asked first, since it takes the plan off the upgrade page (its subscribers keep it).
 */
export function PricingPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const plans = useQuery(adminPlansQuery);
  const settings = useQuery(paymentSettingsQuery);
  const save = useSavePlan();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminPlan | null>(null);

  const setArchived = (plan: AdminPlan, archived: boolean) =>
    save.mutate(
      { key: plan.key, create: false, body: { archived } },
      {
        onSuccess: (p) => {
          setArchiving(null);
          toast({
            kind: 'success',
            text: t(archived ? 'pricing.archivedToast' : 'pricing.unarchivedToast', { name: p.name }),
          });
        },
        onError: (err) => {
          setArchiving(null);
          toast({ kind: 'error', text: errorText(err) });
        },
      },
    );

  return (
    <>
      <PageHeader
        title={t('pages.admin.pricing')}
        description={t('pages.admin.pricing.desc')}
        actions={<Button onClick={() => setEditing('new')}>{t('pricing.new')}</Button>}
      />
      <Banner tone="info" className="mb-4">
        {t('pricing.priceRule')}
      </Banner>
      {plans.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : plans.isError ? (
        <Banner tone="error">{errorText(plans.error)}</Banner>
      ) : plans.data.length === 0 ? (
        <p className="text-muted">{t('pricing.empty')}</p>
      ) : (
        <PlansTable
          plans={plans.data}
          busyKey={save.isPending ? (save.variables?.key ?? null) : null}
          onEdit={setEditing}
          onArchive={(p, archived) => (archived ? setArchiving(p) : setArchived(p, false))}
        />
      )}
      {editing && (
        <PlanEditor
          plan={editing === 'new' ? null : editing}
          defaultCurrency={settings.data?.currency ?? 'EUR'}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={t('pricing.archiveTitle', { name: archiving?.name ?? '' })}
        description={t('pricing.archiveBody', { count: archiving?.subscribers ?? 0 })}
        confirmLabel={t('pricing.archive')}
        cancelLabel={t('common.cancel')}
        busy={save.isPending}
        onConfirm={() => archiving && setArchived(archiving, true)}
      />
    </>
  );
}
