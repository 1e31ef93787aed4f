import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { paymentsQuery } from '../api.ts';

/** The latest payments of every workspace, whichever provider took them. */
export function RecentPayments({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const errorText = useErrorText();
  const query = useQuery(paymentsQuery);
  const items = query.data ?? [];
  return (
    <Card title={t('payments.recent')}>
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('payments.noPayments')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="recent-payments">
          {items.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span className="min-w-0 break-all">
                <span className="font-medium text-fg">{p.workspaceName}</span>{' '}
                <span className="text-muted">{p.ownerEmail}</span>
                <span className="block text-xs text-muted">
                  {t(`payments.provider.${p.provider}`)}
                  {p.invoiceNumber ? ` · ${p.invoiceNumber}` : ''} · {formatDateTime(p.paidAt, timeZone, lng)}
                </span>
              </span>
              <span className="font-semibold whitespace-nowrap text-fg">{formatMoney(p.amount, p.currency, lng)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
