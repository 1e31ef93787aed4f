import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { creditNotesQuery } from '../api.ts';

/** Every workspace's credit notes (invoices canceled or refunded), newest first, each with its PDF. */
export function CreditNotes({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const errorText = useErrorText();
  const query = useQuery(creditNotesQuery);
  const items = query.data ?? [];
  return (
    <Card title={t('payments.creditNotes')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('payments.noCreditNotes')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="admin-credit-notes">
          {items.map((n) => (
            <li key={n.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span className="min-w-0 break-all">
                <a
                  href={n.pdfUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-mono font-medium text-primary underline underline-offset-4"
                  aria-label={t('payments.creditNote.pdfAria', { number: n.number })}
                >
                  {n.number}
                </a>{' '}
                <span className="font-medium text-fg">{n.workspaceName}</span>{' '}
                <span className="text-muted">{n.ownerEmail}</span>
                <span className="block text-xs text-muted">
                  {t(`payments.creditNote.reason.${n.reason}`, { invoice: n.invoiceNumber })} ·{' '}
                  {formatDateTime(n.issuedAt, timeZone, lng)}
                </span>
              </span>
              <span className="font-semibold whitespace-nowrap text-fg">{formatMoney(-n.total, n.currency, lng)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
