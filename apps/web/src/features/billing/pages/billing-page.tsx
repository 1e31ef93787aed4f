import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { billingQuery } from '../api.ts';
import { CheckoutReturn } from '../components/checkout-return.tsx';
import { CreditNotesTable } from '../components/credit-notes-table.tsx';
import { InvoicesTable } from '../components/invoices-table.tsx';
import { StorageHistory } from '../components/storage-history.tsx';
import { SubscriptionCard } from '../components/subscription-card.tsx';
import { UsageMeters } from '../components/usage-meters.tsx';
import '../translations.ts';

/**
 * The workspace's plan, usage, storage trend and invoices. Owners and managers read it (the
 * server refuses others: invoices are the business's); only the owner changes the plan.
 */
export function BillingPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const canRead = session.hasAnyRole(['manager', 'admin']);
  return (
    <>
      <PageHeader title={t('pages.main.billing')} description={t('pages.main.billing.desc')} />
      {!canRead ? (
        <Banner tone="info" data-testid="billing-who">
          {t('billing.whoReads')}
        </Banner>
      ) : (
        <>
          {params.get('checkout') === 'success' && <CheckoutReturn />}
          <Billing />
        </>
      )}
    </>
  );
}

function Billing() {
  const { t } = useTranslation();
  const { me } = useSession();
  const errorText = useErrorText();
  const billing = useQuery(billingQuery);
  if (billing.isPending) return <Spinner label={t('app.loading')} />;
  if (billing.isError) return <Banner tone="error">{errorText(billing.error)}</Banner>;
  const timeZone = me?.user.preferences.timezone ?? browserTimeZone();
  const isOwner = !!me && me.workspace.ownerId === me.user.uid;
  return (
    // min-w-0: a grid item would otherwise grow to its widest content (the invoices table) past a phone's width.
    <div className="grid gap-6 [&>*]:min-w-0">
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <SubscriptionCard billing={billing.data} isOwner={isOwner} timeZone={timeZone} />
        <UsageMeters billing={billing.data} />
      </div>
      <StorageHistory history={billing.data.storageHistory} />
      <InvoicesTable invoices={billing.data.invoices} timeZone={timeZone} />
      <CreditNotesTable notes={billing.data.creditNotes} timeZone={timeZone} />
    </div>
  );
}
