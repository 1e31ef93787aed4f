import type { AdminInvoice } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PdfLink } from '../../../components/ui/pdf-link.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { creditNotesQuery, paidInvoicesQuery, useRefundInvoice } from '../api.ts';
import { InvoiceSummary } from './invoice-summary.tsx';

/**
 * Paid manual invoices, each refundable once: the invoice stays as issued and a credit note takes
 * its whole amount back (Stripe's invoices are refunded in Stripe, so they are not listed). A
 * refund cannot be undone, so it is asked first.
 */
export function PaidInvoices({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const query = useQuery(paidInvoicesQuery);
  const notes = useQuery(creditNotesQuery);
  const refund = useRefundInvoice();
  const [confirming, setConfirming] = useState<AdminInvoice | null>(null);
  const items = (query.data ?? []).filter((inv) => inv.provider === 'manual');
  const creditOf = (inv: AdminInvoice) => notes.data?.find((n) => n.invoiceId === inv.id);
  const confirm = () =>
    confirming &&
    refund.mutate(confirming.id, {
      onSuccess: (note) => {
        setConfirming(null);
        toast({ kind: 'success', text: t('payments.refunded', { number: note.number, invoice: note.invoiceNumber }) });
      },
      onError: (err) => {
        setConfirming(null);
        toast({ kind: 'error', text: errorText(err) });
      },
    });
  return (
    <Card title={t('payments.paidInvoices')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('payments.noPaidInvoices')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="paid-invoices">
          {items.map((inv) => {
            const note = creditOf(inv);
            return (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                <InvoiceSummary invoice={inv} timeZone={timeZone} />
                <div className="flex flex-wrap items-center gap-2">
                  {inv.pdfUrl && (
                    <PdfLink
                      href={inv.pdfUrl}
                      label={t('payments.pdfNamed', { number: inv.number })}
                      className="inline-flex min-h-10 items-center px-2"
                    />
                  )}
                  {note ? (
                    <span className="text-muted" data-testid="credited-by">
                      {t('payments.creditedBy', { number: note.number })}
                    </span>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={notes.isPending}
                      onClick={() => setConfirming(inv)}
                      aria-label={t('payments.refundNamed', { number: inv.number })}
                    >
                      {t('payments.refund')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('payments.refundTitle', { number: confirming?.number ?? '' })}
        description={t('payments.refundBody', {
          amount: confirming ? formatMoney(confirming.total, confirming.currency, lng) : '',
          workspace: confirming?.workspaceName ?? '',
        })}
        confirmLabel={t('payments.refund')}
        confirmVariant="danger"
        cancelLabel={t('common.cancel')}
        busy={refund.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
