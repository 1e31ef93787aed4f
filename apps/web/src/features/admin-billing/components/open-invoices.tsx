import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { openInvoicesQuery, useMarkPaid } from '../api.ts';
import { useInvoiceAction } from './invoice-action.ts';
import { InvoiceRow } from './invoice-row.tsx';

/** Manual invoices waiting for their money; marking one paid activates the workspace's plan, so it is asked first. */
export function OpenInvoices({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const errorText = useErrorText();
  const query = useQuery(openInvoicesQuery);
  const markPaid = useInvoiceAction(useMarkPaid(), (inv) =>
    t('payments.markedPaid', { number: inv.number, workspace: inv.workspaceName }),
  );
  const asking = markPaid.asking;
  const items = query.data ?? [];
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
            <InvoiceRow key={inv.id} invoice={inv} timeZone={timeZone}>
              <Button
                onClick={() => markPaid.ask(inv)}
                aria-label={t('payments.markPaidNamed', { number: inv.number })}
              >
                {t('payments.markPaid')}
              </Button>
            </InvoiceRow>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && markPaid.close()}
        title={t('payments.markPaidTitle', { number: asking?.number ?? '' })}
        description={t('payments.markPaidBody', {
          amount: asking ? formatMoney(asking.total, asking.currency, lng) : '',
          workspace: asking?.workspaceName ?? '',
          plan: asking?.planName ?? '',
        })}
        confirmLabel={t('payments.markPaid')}
        cancelLabel={t('common.cancel')}
        busy={markPaid.busy}
        onConfirm={markPaid.confirm}
      />
    </Card>
  );
}
