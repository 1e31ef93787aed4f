import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { creditNotesQuery, paidInvoicesQuery, useRefundInvoice } from '../api.ts';
import { useInvoiceAction } from './invoice-action.ts';
import { InvoiceRow } from './invoice-row.tsx';

/**
 * Paid manual invoices, each refundable once: the invoice stays as issued and a credit note takes
 * its whole amount back (Stripe's invoices are refunded in Stripe, so they are not listed). A
 * refund cannot be undone, so it is asked first.
 */
export function PaidInvoices({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const errorText = useErrorText();
  const query = useQuery(paidInvoicesQuery);
  const notes = useQuery(creditNotesQuery);
  const refund = useInvoiceAction(useRefundInvoice(), (note) =>
    t('payments.refunded', { number: note.number, invoice: note.invoiceNumber }),
  );
  const asking = refund.asking;
  const items = (query.data ?? []).filter((inv) => inv.provider === 'manual');
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
            const note = notes.data?.find((n) => n.invoiceId === inv.id);
            return (
              <InvoiceRow key={inv.id} invoice={inv} timeZone={timeZone}>
                {note ? (
                  <span className="text-muted" data-testid="credited-by">
                    {t('payments.creditedBy', { number: note.number })}
                  </span>
                ) : (
                  <Button
                    variant="secondary"
                    disabled={notes.isPending}
                    onClick={() => refund.ask(inv)}
                    aria-label={t('payments.refundNamed', { number: inv.number })}
                  >
                    {t('payments.refund')}
                  </Button>
                )}
              </InvoiceRow>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && refund.close()}
        title={t('payments.refundTitle', { number: asking?.number ?? '' })}
        description={t('payments.refundBody', {
          amount: asking ? formatMoney(asking.total, asking.currency, lng) : '',
          workspace: asking?.workspaceName ?? '',
        })}
        confirmLabel={t('payments.refund')}
        confirmVariant="danger"
        cancelLabel={t('common.cancel')}
        busy={refund.busy}
        onConfirm={refund.confirm}
      />
    </Card>
  );
}
