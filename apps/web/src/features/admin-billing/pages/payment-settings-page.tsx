import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { paymentSettingsQuery } from '../api.ts';
import { FailedWebhooks } from '../components/failed-webhooks.tsx';
import { OpenInvoices } from '../components/open-invoices.tsx';
import { PaidInvoices } from '../components/paid-invoices.tsx';
import { PaymentSettingsForm } from '../components/payment-settings-form.tsx';
import { CreditNotes } from '../components/credit-notes.tsx';
import { RecentPayments } from '../components/recent-payments.tsx';
import '../translations.ts';

/** The installation's payment provider and invoice details, and the payments it took or is waiting for. */
export function PaymentSettingsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { me } = useSession();
  const timeZone = me?.user.preferences.timezone ?? browserTimeZone();
  const settings = useQuery(paymentSettingsQuery);
  return (
    <>
      <PageHeader title={t('pages.admin.payment-settings')} description={t('pages.admin.payment-settings.desc')} />
      <div className="grid gap-6 [&>*]:min-w-0">
        {settings.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : settings.isError ? (
          <Banner tone="error">{errorText(settings.error)}</Banner>
        ) : (
          <PaymentSettingsForm key={settings.data.updatedAt ?? 'new'} settings={settings.data} />
        )}
        <OpenInvoices timeZone={timeZone} />
        <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          <RecentPayments timeZone={timeZone} />
          <FailedWebhooks timeZone={timeZone} />
        </div>
        <PaidInvoices timeZone={timeZone} />
        <CreditNotes timeZone={timeZone} />
      </div>
    </>
  );
}
