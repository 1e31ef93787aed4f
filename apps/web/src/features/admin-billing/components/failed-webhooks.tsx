import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { failedWebhooksQuery, useRetryWebhook } from '../api.ts';

/**
 * Stripe events Vigil could not apply. A retry re-reads the object from Stripe and applies it
 * once (the server stores the event id with its effect), so retrying is always safe.
 */
export function FailedWebhooks({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const query = useQuery(failedWebhooksQuery);
  const retry = useRetryWebhook();
  const items = query.data ?? [];
  return (
    <Card title={t('payments.failedWebhooks')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('payments.noFailedWebhooks')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="failed-webhooks">
          {items.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-mono text-fg break-all">{e.type}</p>
                <p className="text-xs text-muted">
                  {t('payments.webhookMeta', {
                    id: e.id,
                    attempts: e.attempts,
                    date: formatDateTime(e.receivedAt, timeZone, i18n.language),
                  })}
                </p>
                {e.error && <p className="text-danger break-all">{e.error}</p>}
              </div>
              <Button
                variant="secondary"
                busy={retry.isPending && retry.variables === e.id}
                aria-label={t('payments.retryNamed', { id: e.id })}
                onClick={() =>
                  retry.mutate(e.id, {
                    onSuccess: (r) =>
                      toast({
                        kind: r.status === 'failed' ? 'error' : 'success',
                        text:
                          r.status === 'failed'
                            ? t('payments.retryFailed', { error: r.error ?? '' })
                            : t('payments.retried'),
                      }),
                    onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                  })
                }
              >
                {t('payments.retry')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
