import type { AdminInvoice } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';

/** An invoice as the administrator's lists name it: number and total, then whose, what and when. */
export function InvoiceSummary({ invoice: inv, timeZone }: { invoice: AdminInvoice; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
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
  );
}
