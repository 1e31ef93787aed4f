import type { Invoice } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

/**
 * The manual provider's answer to "Pay": an invoice to settle offline. Its PDF carries the
 * seller's payment instructions; the plan turns active when the administrator records the payment.
 */
export function InvoiceIssued({ invoice, timeZone }: { invoice: Invoice; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <section
      aria-labelledby="invoice-issued-title"
      className="rounded-lg border border-line bg-surface p-4 sm:p-6"
      data-testid="invoice-issued"
    >
      <h2 id="invoice-issued-title" className="text-lg font-semibold text-fg">
        {t('billing.invoice.issuedTitle', { number: invoice.number })}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('billing.invoice.plan')}</dt>
        <dd className="text-fg">
          {invoice.planName} · {t(`billing.interval.${invoice.interval}`)}
        </dd>
        <dt className="text-muted">{t('billing.invoice.amount')}</dt>
        <dd className="text-fg">{formatMoney(invoice.amount, invoice.currency, lng)}</dd>
        <dt className="text-muted">{t('billing.invoice.tax')}</dt>
        <dd className="text-fg">{formatMoney(invoice.tax, invoice.currency, lng)}</dd>
        <dt className="text-muted">{t('billing.invoice.total')}</dt>
        <dd className="font-semibold text-fg" data-testid="invoice-total">
          {formatMoney(invoice.total, invoice.currency, lng)}
        </dd>
        <dt className="text-muted">{t('billing.invoice.issued')}</dt>
        <dd className="text-fg">{formatDateTime(invoice.issuedAt, timeZone, lng)}</dd>
      </dl>
      <p className="mt-4 text-sm text-fg">{t('billing.invoice.manualNext')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {invoice.pdfUrl && (
          <a href={invoice.pdfUrl} target="_blank" rel="noreferrer" className={buttonClass('primary')}>
            {t('billing.invoice.pdfNamed', { number: invoice.number })}
          </a>
        )}
        <Link to="/billing" className={buttonClass('secondary')}>
          {t('billing.invoice.toBilling')}
        </Link>
      </div>
    </section>
  );
}
