import type { Webhook } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useDeleteWebhook, webhooksQuery } from '../api.ts';
import { MqttForm } from './mqtt-form.tsx';
import { VerifyHelp } from './verify-help.tsx';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookItem } from './webhook-item.tsx';

/** The systems Vigil tells: webhook destinations, then the MQTT broker. */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const hooks = useQuery(webhooksQuery);
  const remove = useDeleteWebhook();
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('notifications.webhooks.deleted') });
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="webhooks-heading" className="flex flex-col gap-3">
        <div>
          <h3 id="webhooks-heading" className="text-base font-semibold text-fg">
            {t('notifications.webhooks.title')}
          </h3>
          <p className="text-sm text-muted">{t('notifications.webhooks.intro')}</p>
        </div>
        {hooks.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : hooks.isError ? (
          <Banner tone="error">{errorText(hooks.error)}</Banner>
        ) : hooks.data.length === 0 ? (
          <p className="rounded-md border border-line p-4 text-center text-sm text-muted">
            {t('notifications.webhooks.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-labelledby="webhooks-heading">
            {hooks.data.map((hook) => (
              <WebhookItem key={hook.id} hook={hook} onDelete={() => setDeleting(hook)} />
            ))}
          </ul>
        )}
        <WebhookForm />
        <VerifyHelp />
      </section>
      <MqttForm />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('notifications.webhooks.confirmDelete.title')}
        description={t('notifications.webhooks.confirmDelete.body', { url: deleting?.url ?? '' })}
        confirmLabel={t('notifications.delete')}
        cancelLabel={t('notifications.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
