import type { Billing } from '@vigil/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { BannerLink } from '../../../components/ui/banner-link.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useCancelPlan, usePortal, useResumePlan } from '../api.ts';
import { StatusBadge } from './status-badge.tsx';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 border-b border-line py-2 last:border-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-right text-sm font-medium text-fg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The plan, its status and dates, what is paid next and how; the owner's changes to it. */
export function SubscriptionCard({
  billing,
  isOwner,
  timeZone,
}: {
  billing: Billing;
  isOwner: boolean;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const date = (iso: string | null) => formatDate(iso, timeZone, lng);
  const s = billing;
  const method = s.paymentMethod
    ? s.paymentMethod.type === 'card'
      ? t('billing.method.card', { brand: s.paymentMethod.brand, last4: s.paymentMethod.last4 })
      : t('billing.method.invoice')
    : s.source === 'complimentary'
      ? t('billing.method.complimentary')
      : t('billing.method.none');
  const openInvoice = s.openInvoiceId ? s.invoices.find((i) => i.id === s.openInvoiceId) : undefined;
  return (
    <section aria-labelledby="subscription-title" className="rounded-lg border border-line bg-surface p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id="subscription-title" className="text-lg font-semibold text-fg" data-testid="billing-plan">
          {s.planName}
        </h2>
        <StatusBadge status={s.planStatus} />
      </div>
      <Notices billing={s} date={date} openInvoice={openInvoice} />
      <dl>
        {s.planStatus === 'trial' && (
          <>
            <Row label={t('billing.trial.left')} testId="billing-trial-days">
              {t('billing.trial.days', { count: s.trialDaysLeft })}
            </Row>
            <Row label={t('billing.trial.ends')}>{date(s.trialEndDate)}</Row>
          </>
        )}
        {s.interval && <Row label={t('billing.payment.period')}>{t(`billing.interval.${s.interval}`)}</Row>}
        {s.currentPeriodEnd && (
          <Row
            label={s.cancelAtPeriodEnd ? t('billing.period.endsOn') : t('billing.period.renewsOn')}
            testId="period-end"
          >
            {date(s.currentPeriodEnd)}
          </Row>
        )}
        {s.nextAmount !== null && !s.cancelAtPeriodEnd && (
          <Row label={t('billing.nextPayment')}>{formatMoney(s.nextAmount, s.currency, lng)}</Row>
        )}
        <Row label={t('billing.method.title')} testId="payment-method">
          {method}
        </Row>
      </dl>
      {isOwner ? (
        <Actions billing={s} date={date} />
      ) : (
        <p className="mt-4 text-sm text-muted">{t('billing.ownerOnly')}</p>
      )}
    </section>
  );
}

function Notices({
  billing: s,
  date,
  openInvoice,
}: {
  billing: Billing;
  date(iso: string | null): string;
  openInvoice: Billing['invoices'][number] | undefined;
}) {
  const { t } = useTranslation();
  const upgrade = <BannerLink to="/upgrade">{t('billing.seePlans')}</BannerLink>;
  return (
    <div className="mb-3 grid gap-2 empty:hidden">
      {(s.planStatus === 'expired' || s.planStatus === 'canceled') && (
        <Banner tone="error" data-testid="billing-read-only">
          {t(`billing.readOnly.${s.planStatus}`)} {upgrade}
        </Banner>
      )}
      {s.planStatus === 'past_due' && <Banner tone="warning">{t('billing.pastDue')}</Banner>}
      {s.cancelAtPeriodEnd && (
        <Banner tone="warning" data-testid="cancel-notice">
          {t('billing.cancelNotice', { date: date(s.currentPeriodEnd) })}
        </Banner>
      )}
      {s.pendingChange && (
        <Banner tone="info" data-testid="pending-change">
          {t('billing.pendingChange', {
            plan: s.pendingChange.planName,
            interval: t(`billing.interval.${s.pendingChange.interval}`).toLowerCase(),
            date: date(s.pendingChange.at),
            current: s.planName,
          })}
        </Banner>
      )}
      {openInvoice && (
        <Banner tone="info" data-testid="open-invoice">
          {t('billing.openInvoice', { number: openInvoice.number })}{' '}
          {openInvoice.pdfUrl && (
            <a href={openInvoice.pdfUrl} target="_blank" rel="noreferrer" className="font-semibold underline">
              {t('billing.invoice.pdfNamed', { number: openInvoice.number })}
            </a>
          )}
        </Banner>
      )}
    </div>
  );
}

function Actions({ billing: s, date }: { billing: Billing; date(iso: string | null): string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const cancel = useCancelPlan();
  const resume = useResumePlan();
  const portal = usePortal();
  const [confirming, setConfirming] = useState(false);
  const fail = (err: unknown) => toast({ kind: 'error', text: errorText(err) });
  // With Stripe, cancel and resume are made on its subscription first (the server asks Stripe), so both agree;
  // its portal keeps the card and the invoices.
  const viaStripe = s.source === 'stripe';
  const mayCancel = s.source !== null && s.planStatus === 'active' && !s.cancelAtPeriodEnd;
  const mayResume = s.cancelAtPeriodEnd;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Link to="/upgrade" className={buttonClass('primary')}>
        {s.planStatus === 'active' ? t('billing.changePlan') : t('billing.choosePlan')}
      </Link>
      {viaStripe && (
        <Button
          variant="secondary"
          busy={portal.isPending || portal.isSuccess}
          onClick={() =>
            portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url), onError: fail })
          }
        >
          {t('billing.portal')}
        </Button>
      )}
      {mayResume && (
        <Button
          variant="secondary"
          busy={resume.isPending}
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: () => toast({ kind: 'success', text: t('billing.resumed') }),
              onError: fail,
            })
          }
        >
          {t('billing.resume')}
        </Button>
      )}
      {mayCancel && (
        <>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {t('billing.cancel')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('billing.cancelTitle')}
            description={
              s.currentPeriodEnd
                ? t('billing.cancelBody', { date: date(s.currentPeriodEnd) })
                : t('billing.cancelBodyNow')
            }
            confirmLabel={t('billing.cancel')}
            confirmVariant="danger"
            cancelLabel={t('billing.keep')}
            busy={cancel.isPending}
            onConfirm={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ kind: 'success', text: t('billing.canceled') });
                },
                onError: (err) => {
                  setConfirming(false);
                  fail(err);
                },
              })
            }
          />
        </>
      )}
    </div>
  );
}
