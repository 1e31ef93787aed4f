import type { Plan } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { type PlanChoice, planChangePreviewQuery, useChangePlan } from '../api.ts';

/**
 * The question before a Stripe-billed plan changes: what Stripe will charge and when, as Stripe
 * previews it — a move up now (the prorated difference), a move down at the period's end (the next
 * invoice at the new price) — asked only while the question is open.
 */
export function PlanChangeDialog({
  plan,
  choice,
  timeZone,
  onClose,
}: {
  plan: Plan;
  choice: PlanChoice;
  timeZone: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const toast = useToast();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const preview = useQuery(planChangePreviewQuery(choice));
  const change = useChangePlan();
  const p = preview.data;
  const when = p ? formatDate(p.effectiveAt, timeZone, lng) : '';
  const amount = p ? formatMoney(p.amountDue, p.currency, lng) : '';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('billing.change.title', { name: plan.name })}
      description={
        <span data-testid="plan-change-preview">
          {preview.isPending ? (
            <Spinner label={t('billing.change.asking')} />
          ) : preview.isError ? (
            <Banner tone="error">{errorText(preview.error)}</Banner>
          ) : p?.timing === 'now' ? (
            t('billing.change.now', { amount })
          ) : (
            t('billing.change.periodEnd', { date: when, amount })
          )}
        </span>
      }
      confirmLabel={p?.timing === 'period-end' ? t('billing.change.confirmLater') : t('billing.change.confirmNow')}
      cancelLabel={t('billing.keep')}
      busy={change.isPending || !p}
      onConfirm={() =>
        change.mutate(choice, {
          onSuccess: () => {
            toast({
              kind: 'success',
              text:
                p?.timing === 'period-end'
                  ? t('billing.change.scheduled', { name: plan.name, date: when })
                  : t('billing.change.done', { name: plan.name }),
            });
            navigate('/billing');
          },
          onError: (err) => toast({ kind: 'error', text: errorText(err) }),
        })
      }
    />
  );
}
