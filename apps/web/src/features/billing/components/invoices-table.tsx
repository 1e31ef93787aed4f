import type { Invoice } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { PdfLink } from '../../../components/ui/pdf-link.tsx';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

const statusTone = { open: 'bg-warn-bg text-warn-fg', paid: 'bg-ok-bg text-ok-fg', void: 'bg-sunken text-muted' };
const cell = 'px-3 py-2 text-sm';
const COLUMNS = ['number', 'date', 'plan', 'total', 'status', 'pdf'] as const;

/** Every invoice of the workspace, newest first as the server sends them, each with its PDF. */
export function InvoicesTable({ invoices, timeZone }: { invoices: Invoice[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Card title={t('billing.invoices.title')}>
      {invoices.length === 0 ? (
        <p className="text-sm text-muted">{t('billing.invoices.empty')}</p>
      ) : (
        <ScrollTable
          caption={t('billing.invoices.title')}
          head={COLUMNS.map((c) => ({ key: c, label: t(`billing.invoices.col.${c}`) }))}
          tableClassName="sm:min-w-[560px]"
          className="-mx-4 sm:mx-0"
          testId="invoices"
        >
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
                  <PdfLink href={inv.pdfUrl} label={t('billing.invoices.pdfAria', { number: inv.number })} />
                ) : (
                  <span className="text-muted">{t('billing.invoices.noPdf')}</span>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </Card>
  );
}
