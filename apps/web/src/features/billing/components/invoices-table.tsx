import type { Invoice } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

const statusTone = { open: 'bg-warn-bg text-warn-fg', paid: 'bg-ok-bg text-ok-fg', void: 'bg-sunken text-muted' };
const cell = 'px-3 py-2 text-sm';

/** Every invoice of the workspace, newest first as the server sends them, each with its PDF. */
export function InvoicesTable({ invoices, timeZone }: { invoices: Invoice[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Card title={t('billing.invoices.title')}>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted">{t('billing.invoices.empty')}</p>
      ) : (
        <section
          aria-label={t('billing.invoices.title')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="-mx-4 overflow-x-auto sm:mx-0"
        >
          <table className="w-full min-w-[560px] border-collapse" data-testid="invoices">
            <caption className="sr-only">{t('billing.invoices.title')}</caption>
            <thead className="bg-sunken">
              <tr>
                {(['number', 'date', 'plan', 'total', 'status', 'pdf'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-left text-xs font-semibold text-muted uppercase">
                    {t(`billing.invoices.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {invoices.map((inv) => (
                <tr key={inv.id} className="border-b border-line last:border-0">
                  <th scope="row" className={cn(cell, 'text-left font-mono font-medium whitespace-nowrap text-fg')}>
                    {inv.number}
                  </th>
                  <td className={cn(cell, 'whitespace-nowrap text-fg')}>{formatDate(inv.issuedAt, timeZone, lng)}</td>
                  <td className={cn(cell, 'text-fg')}>
                    {inv.planName} · {t(`billing.interval.${inv.interval}`)}
                  </td>
                  <td className={cn(cell, 'whitespace-nowrap text-fg')}>{formatMoney(inv.total, inv.currency, lng)}</td>
                  <td className={cell}>
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[inv.status])}>
                      {t(`billing.invoiceStatus.${inv.status}`)}
                    </span>
                  </td>
                  <td className={cell}>
                    {inv.pdfUrl ? (
                      <a
                        href={inv.pdfUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="font-medium text-primary underline underline-offset-4"
                        aria-label={t('billing.invoices.pdfAria', { number: inv.number })}
                      >
                        PDF
                      </a>
                    ) : (
                      <span className="text-muted">{t('billing.invoices.noPdf')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Card>
  );
}
