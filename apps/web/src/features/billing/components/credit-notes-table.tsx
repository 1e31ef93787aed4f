import type { CreditNote } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { PdfLink } from '../../../components/ui/pdf-link.tsx';
import { ScrollTable } from '../../../components/ui/scroll-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

const cell = 'px-3 py-2 text-sm';
const COLUMNS = ['number', 'date', 'invoice', 'reason', 'total', 'pdf'] as const;

/**
 * The credit notes that took the workspace's invoices back (a cancellation, a refund), newest
 * first, each with its PDF; shown only once there is one.
 */
export function CreditNotesTable({ notes, timeZone }: { notes: CreditNote[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  if (notes.length === 0) return null;
  return (
    <Card title={t('billing.creditNotes.title')}>
      <ScrollTable
        caption={t('billing.creditNotes.title')}
        head={COLUMNS.map((c) => ({ key: c, label: t(`billing.creditNotes.col.${c}`) }))}
        tableClassName="min-w-[560px]"
        className="-mx-4 sm:mx-0"
        testId="credit-notes"
      >
        {notes.map((n) => (
          <tr key={n.id} className="border-b border-line last:border-0">
            <th scope="row" className={cn(cell, 'text-left font-mono font-medium whitespace-nowrap text-fg')}>
              {n.number}
            </th>
            <td className={cn(cell, 'whitespace-nowrap text-fg')}>{formatDate(n.issuedAt, timeZone, lng)}</td>
            <td className={cn(cell, 'font-mono whitespace-nowrap text-fg')}>{n.invoiceNumber}</td>
            <td className={cn(cell, 'text-fg')}>{t(`billing.creditNotes.reason.${n.reason}`)}</td>
            <td className={cn(cell, 'whitespace-nowrap text-fg')}>{formatMoney(-n.total, n.currency, lng)}</td>
            <td className={cell}>
              <PdfLink href={n.pdfUrl} label={t('billing.creditNotes.pdfAria', { number: n.number })} />
            </td>
          </tr>
        ))}
      </ScrollTable>
    </Card>
  );
}
