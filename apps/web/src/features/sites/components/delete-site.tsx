import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDeleteSite } from '../api.ts';

/** "Delete site" behind a confirmation; its cameras stay, without a site. Back to the list after. */
export function DeleteSiteButton({ site }: { site: { id: string; name: string; counts: { cameras: number } } }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const remove = useDeleteSite();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    remove.mutate(site.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('sites.deleted', { name: site.name }) });
        setOpen(false);
        navigate('/vms/sites');
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('sites.delete')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('sites.confirmDelete.title', { name: site.name })}
        description={t('sites.confirmDelete.body', { count: site.counts.cameras })}
        confirmLabel={t('sites.delete')}
        cancelLabel={t('sites.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
