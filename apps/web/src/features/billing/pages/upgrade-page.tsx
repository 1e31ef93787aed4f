import type { BillingInterval, Plan } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserTimeZone } from '../../../lib/format.ts';
import { yearlySavingPercent } from '../../../lib/money.ts';
import { currentPlanStatus, publicPlansQuery } from '../../../lib/plans.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { billingQuery } from '../api.ts';
import { IntervalChoice } from '../components/interval-choice.tsx';
import { PlanChangeDialog } from '../components/plan-change-dialog.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import '../translations.ts';

/**
 * The public plans side by side, the current one marked. Choosing one goes to /payment; only
 * the workspace's owner pays, so everyone else is told whom to ask instead of meeting a refusal.
 * A workspace Stripe already bills is never sent to a second Checkout: choosing another plan
 * changes its subscription, after a question that says when and for how much (Stripe's preview).
 */
export function UpgradePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { me } = useSession();
  const [params] = useSearchParams();
  const [interval, setPeriod] = useState<BillingInterval>(params.get('interval') === 'year' ? 'year' : 'month');
  const plans = useQuery(publicPlansQuery);
  const isOwner = !!me && me.workspace.ownerId === me.user.uid;
  const status = me ? currentPlanStatus(me.user) : null;
  const billing = useQuery({ ...billingQuery, enabled: isOwner });
  const viaStripe =
    billing.data?.source === 'stripe' &&
    (billing.data.planStatus === 'active' || billing.data.planStatus === 'past_due');
  const [changing, setChanging] = useState<Plan | null>(null);
  const timeZone = me?.user.preferences.timezone ?? browserTimeZone();
  const bestSaving = Math.max(
    0,
    ...(plans.data ?? []).map((p) => yearlySavingPercent(p.prices.monthly, p.prices.yearly)),
  );

  return (
    <>
      <PageHeader title={t('pages.main.upgrade')} description={t('pages.main.upgrade.desc')} />
      {params.get('checkout') === 'canceled' && (
        <Banner tone="info" className="mb-4" data-testid="checkout-canceled">
          {t('billing.checkout.canceled')}
        </Banner>
      )}
      {!isOwner && (
        <Banner tone="info" className="mb-4" data-testid="owner-only">
          {t('billing.ownerOnly')}
        </Banner>
      )}
      {viaStripe && (
        <Banner tone="info" className="mb-4" data-testid="stripe-change-note">
          {t('billing.change.note')}
        </Banner>
      )}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <IntervalChoice value={interval} onChange={setPeriod} bestSaving={bestSaving} />
        <p className="text-sm text-muted">{t('billing.upgrade.taxNote')}</p>
      </div>
      {plans.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : plans.isError ? (
        <Banner tone="error">{errorText(plans.error)}</Banner>
      ) : plans.data.length === 0 ? (
        <p className="text-muted">{t('billing.upgrade.none')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('billing.upgrade.plans')}>
          {plans.data.map((plan) => {
            const current = me?.user.plan === plan.key;
            // Paying again for the plan that is already paid would do nothing: say so rather than offer it.
            const settled = current && status === 'active' && (!viaStripe || billing.data?.interval === interval);
            return (
              <PlanCard
                key={plan.key}
                plan={plan}
                interval={interval}
                current={current}
                action={
                  settled ? (
                    <p className="text-sm text-muted">{t('billing.upgrade.onIt')}</p>
                  ) : viaStripe ? (
                    <Button
                      variant="primary"
                      className="w-full"
                      aria-label={t('billing.change.switchNamed', { name: plan.name })}
                      onClick={() => setChanging(plan)}
                    >
                      {t('billing.change.switch')}
                    </Button>
                  ) : isOwner ? (
                    <Link
                      to={`/payment?plan=${encodeURIComponent(plan.key)}&interval=${interval}`}
                      className={buttonClass(current ? 'secondary' : 'primary', 'w-full')}
                      aria-label={t(current ? 'billing.upgrade.renewNamed' : 'billing.upgrade.chooseNamed', {
                        name: plan.name,
                      })}
                    >
                      {current ? t('billing.upgrade.renew') : t('billing.upgrade.choose')}
                    </Link>
                  ) : null
                }
              />
            );
          })}
        </ul>
      )}
      {changing && (
        <PlanChangeDialog
          plan={changing}
          choice={{ plan: changing.key, interval }}
          timeZone={timeZone}
          onClose={() => setChanging(null)}
        />
      )}
    </>
  );
}
