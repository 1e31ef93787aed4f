import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session/session-context.ts';
import { billingQuery, checkoutSyncQuery } from '../api.ts';
import { CHECKOUT_CHOICE_KEY, CHECKOUT_POLL_MS, checkoutWait } from '../billing-model.ts';

/**
 * Back from Stripe Checkout (?checkout=success): Stripe's redirect is not the payment, the
 * webhook is. Until the server (which re-reads the Checkout session from Stripe) says the plan is
 * active this says it is waiting, polling; then
 * it says so (and re-reads the session, whose limits changed); after the time-out it says the
 * confirmation is late, never that the payment failed.
 */
export function CheckoutReturn() {
  const { t } = useTranslation();
  const session = useSession();
  const [startedAt] = useState(() => Date.now());
  const [chosen] = useState(() => sessionStorage.getItem(CHECKOUT_CHOICE_KEY));
  const [now, setNow] = useState(startedAt);
  const [sessionId] = useState(() => new URLSearchParams(window.location.search).get('session_id'));
  const billing = useQuery({
    ...((sessionId ? checkoutSyncQuery(sessionId) : billingQuery) as typeof billingQuery),
    refetchInterval: (q) =>
      checkoutWait(q.state.data, chosen, startedAt, Date.now()) === 'waiting' ? CHECKOUT_POLL_MS : false,
  });
  const state = checkoutWait(billing.data, chosen, startedAt, now);

  // The clock that ends the wait: ticks with the polls, stops once the answer is known.
  useEffect(() => {
    if (state !== 'waiting') return;
    const timer = setInterval(() => setNow(Date.now()), CHECKOUT_POLL_MS);
    return () => clearInterval(timer);
  }, [state]);

  const { refresh } = session;
  useEffect(() => {
    if (state !== 'confirmed') return;
    sessionStorage.removeItem(CHECKOUT_CHOICE_KEY);
    refresh();
  }, [state, refresh]);

  if (state === 'confirmed') {
    return (
      <Banner tone="success" className="mb-6" data-testid="checkout-state">
        {t('billing.checkout.confirmed', { plan: billing.data?.planName ?? '' })}
      </Banner>
    );
  }
  if (state === 'timed-out') {
    return (
      <Banner tone="warning" className="mb-6" data-testid="checkout-state">
        {t('billing.checkout.late')}
      </Banner>
    );
  }
  return (
    <div
      role="status"
      className="mb-6 flex items-center gap-3 rounded-md bg-info-bg px-4 py-2 text-sm text-info-fg"
      data-testid="checkout-state"
    >
      <Spinner size="sm" />
      {t('billing.checkout.waiting')}
    </div>
  );
}
