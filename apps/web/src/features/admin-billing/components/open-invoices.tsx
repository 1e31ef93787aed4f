import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { PdfLink } from '../../../components/ui/pdf-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import type { AdminInvoice } from '@vigil/shared';
import { openInvoicesQuery, useMarkPaid } from '../api.ts';
import { InvoiceSummary } from './invoice-summary.tsx';

/** Manual invoices waiting for their money; marking one paid activates the workspace's plan, so it is asked first. */
export function OpenInvoices({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const query = useQuery(openInvoicesQuery);
  const markPaid = useMarkPaid();
  const [confirming, setConfirming] = useState<AdminInvoice | null>(null);
  const items = query.data ?? [];
  const confirm = () =>
    confirming &&
    markPaid.mutate(confirming.id, {
      onSuccess: (inv) => {
        setConfirming(null);
        toast({
          kind: 'success',
          text: t('payments.markedPaid', { number: inv.number, workspace: inv.workspaceName }),
        });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ kind: 'error', text: errorText(err) });
      },
    });
  return (
    <Card title={t('payments.openInvoices')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('payments.noOpenInvoices')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="open-invoices">
          {items.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <InvoiceSummary invoice={inv} timeZone={timeZone} />
              <div className="flex flex-wrap gap-2">
                {inv.pdfUrl && (
                  <PdfLink
                    href={inv.pdfUrl}
                    label={t('payments.pdfNamed', { number: inv.number })}
                    className="inline-flex min-h-10 items-center px-2"
                  />
                )}
                <Button
                  onClick={() => setConfirming(inv)}
                  aria-label={t('payments.markPaidNamed', { number: inv.number })}
                >
                  {t('payments.markPaid')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('payments.markPaidTitle', { number: confirming?.number ?? '' })}
        description={t('payments.markPaidBody', {
          amount: confirming ? formatMoney(confirming.total, confirming.currency, lng) : '',
          workspace: confirming?.workspaceName ?? '',
          plan: confirming?.planName ?? '',
        })}
        confirmLabel={t('payments.markPaid')}
        cancelLabel={t('common.cancel')}
        busy={markPaid.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
