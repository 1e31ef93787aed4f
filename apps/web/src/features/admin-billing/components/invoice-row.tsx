import type { AdminInvoice } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfLink } from '../../../components/ui/pdf-link.tsx';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

/**
 * An invoice as the administrator's lists show it: number and total, whose, what and when, its
 * PDF, then the list's own action on it.
 */
export function InvoiceRow({
  invoice: inv,
  timeZone,
  children,
}: {
  invoice: AdminInvoice;
  timeZone: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-fg">
          <span className="font-mono">{inv.number}</span> · {formatMoney(inv.total, inv.currency, lng)}
        </p>
        <p className="text-muted break-all">
          {t('payments.invoiceFor', {
            workspace: inv.workspaceName,
            email: inv.ownerEmail,
            plan: inv.planName,
            interval: t(`payments.interval.${inv.interval}`),
            date: formatDate(inv.issuedAt, timeZone, lng),
          })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {inv.pdfUrl && (
          <PdfLink
            href={inv.pdfUrl}
            label={t('payments.pdfNamed', { number: inv.number })}
            className="inline-flex min-h-10 items-center px-2"
          />
        )}
        {children}
      </div>
    </li>
  );
}
