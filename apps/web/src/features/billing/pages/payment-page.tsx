import type { Billing, Plan } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { publicPlansQuery } from '../../../lib/plans.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { billingQuery, useCheckout } from '../api.ts';
import { CHECKOUT_CHOICE_KEY, isInterval, priceOf } from '../billing-model.ts';
import { InvoiceIssued } from '../components/invoice-issued.tsx';
import '../translations.ts';

/**
 * /payment?plan=&interval=: what is about to be paid, by which provider, and the one button that
 * pays. The route is public (spec §2) but paying needs an account: a visitor signs in first and
 * comes back here.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const { me, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner label={t('app.loading')} />;
  if (!me) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/auth/login?redirect=${back}`} replace />;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title={t('pages.payment')} description={t('pages.payment.desc')} />
      <Payment isOwner={me.workspace.ownerId === me.user.uid} timeZone={me.user.preferences.timezone} />
    </div>
  );
}

function Payment({ isOwner, timeZone }: { isOwner: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const key = params.get('plan');
  const intervalParam = params.get('interval');
  const interval = isInterval(intervalParam) ? intervalParam : 'month';
  const plans = useQuery(publicPlansQuery);
  const billing = useQuery({ ...billingQuery, enabled: isOwner });
  if (plans.isPending || (isOwner && billing.isPending)) return <Spinner label={t('app.loading')} />;
  if (plans.isError) return <Banner tone="error">{errorText(plans.error)}</Banner>;
  const plan = plans.data.find((p) => p.key === key);
  if (!plan) {
    return (
      <Banner tone="error" data-testid="unknown-plan">
        {t('billing.payment.unknownPlan')} <BannerLink to="/upgrade">{t('billing.payment.seePlans')}</BannerLink>
      </Banner>
    );
  }
  return (
    <div className="grid gap-6">
      <Summary plan={plan} interval={interval} provider={billing.data?.provider ?? null} />
      {!isOwner ? (
        <Banner tone="info" data-testid="owner-only">
          {t('billing.ownerOnly')}
        </Banner>
      ) : billing.isError ? (
        <Banner tone="error">{errorText(billing.error)}</Banner>
      ) : (
        <Pay plan={plan} interval={interval} billing={billing.data!} timeZone={timeZone} />
      )}
    </div>
  );
}

function Summary({ plan, interval, provider }: { plan: Plan; interval: 'month' | 'year'; provider: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="payment-summary" className="rounded-lg border border-line bg-surface p-4 sm:p-6">
      <h2 id="payment-summary" className="text-lg font-semibold text-fg">
        {t('billing.payment.summary')}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('billing.invoice.plan')}</dt>
        <dd className="font-medium text-fg" data-testid="payment-plan">
          {plan.name}
        </dd>
        <dt className="text-muted">{t('billing.payment.period')}</dt>
        <dd className="text-fg">{t(`billing.interval.${interval}`)}</dd>
        <dt className="text-muted">{t('billing.payment.price')}</dt>
        <dd className="text-fg">
          <span className="text-xl font-bold" data-testid="payment-price">
            {formatMoney(priceOf(plan, interval), plan.currency, i18n.language)}
          </span>{' '}
          <span className="text-muted">{t(`billing.per.${interval}`)}</span>
          <span className="block text-xs text-muted">{t('billing.upgrade.taxNote')}</span>
        </dd>
        {provider && (
          <>
            <dt className="text-muted">{t('billing.payment.provider')}</dt>
            <dd className="text-fg" data-testid="payment-provider">
              {t(`billing.provider.${provider}`)}
            </dd>
          </>
        )}
      </dl>
      <p className="mt-4 text-sm">
        <Link to={`/upgrade?interval=${interval}`} className="font-medium text-primary underline underline-offset-4">
          {t('billing.payment.change')}
        </Link>
      </p>
    </section>
  );
}

function Pay({
  plan,
  interval,
  billing,
  timeZone,
}: {
  plan: Plan;
  interval: 'month' | 'year';
  billing: Billing;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const checkout = useCheckout();
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  // An unpaid invoice for this very plan and period is the answer already given: shown, not issued twice.
  const waiting = billing.invoices.find(
    (i) => i.id === billing.openInvoiceId && i.planKey === plan.key && i.interval === interval,
  );
  const shown = invoiceId ?? waiting?.id ?? null;
  const invoice = shown ? billing.invoices.find((i) => i.id === shown) : undefined;

  const pay = () =>
    checkout.mutate(
      { plan: plan.key, interval },
      {
        onSuccess: (result) => {
          if ('url' in result) {
            // Remembered for the return: the billing page waits for this plan to turn active.
            sessionStorage.setItem(CHECKOUT_CHOICE_KEY, plan.key);
            window.location.assign(result.url);
          } else setInvoiceId(result.invoiceId);
        },
      },
    );

  if (invoice) return <InvoiceIssued invoice={invoice} timeZone={timeZone || browserTimeZone()} />;
  if (shown) return <Spinner label={t('app.loading')} />;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">{t(`billing.payment.how.${billing.provider}`)}</p>
      {checkout.isError && (
        <Banner tone="error" data-testid="checkout-error">
          {errorText(checkout.error)}
        </Banner>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={pay} busy={checkout.isPending || checkout.isSuccess}>
          {t(billing.provider === 'stripe' ? 'billing.payment.payStripe' : 'billing.payment.payManual', {
            amount: formatMoney(priceOf(plan, interval), plan.currency, i18n.language),
          })}
        </Button>
        <Link to="/upgrade" className={buttonClass('secondary')}>
          {t('common.cancel')}
        </Link>
      </div>
    </div>
  );
}
