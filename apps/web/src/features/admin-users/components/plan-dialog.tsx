import type { UserDoc } from '@vigil/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { adminPlansQuery, currentPlanStatus, planName } from '../../../lib/plans.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSetUserPlan } from '../api.ts';
import { dayInputOf, endOfDayIso } from '../trial-date.ts';

/**
 * Puts a workspace on a plan without payment (complimentary), or moves its trial's end: later
 * to extend it, now to end it (the workspace is then read-only until it pays).
 */
export function PlanDialog({ user, timeZone, onClose }: { user: UserDoc; timeZone: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const plans = useQuery(adminPlansQuery);
  const setPlan = useSetUserPlan();
  const [plan, setPlanKey] = useState(user.plan);
  const [day, setDay] = useState(() => dayInputOf(user.trialEndDate));
  const name = user.displayName || user.email;
  // Archived plans stay grantable (an admin may keep a customer on one); they are marked.
  const options = (plans.data ?? []).map((p) => ({
    value: p.key,
    label: p.archived ? t('adminUsers.plan.archivedOption', { name: p.name }) : p.name,
  }));
  if (!options.some((o) => o.value === user.plan)) options.unshift({ value: user.plan, label: planName(user.plan, t) });

  const [action, setAction] = useState<'plan' | 'trial' | 'end' | null>(null);
  const busy = (a: typeof action) => setPlan.isPending && action === a;
  const apply = (a: NonNullable<typeof action>, body: { plan?: string; trialEndDate?: string }, done: string) => {
    setAction(a);
    setPlan.mutate(
      { uid: user.uid, ...body },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: done });
          onClose();
        },
      },
    );
  };
  const trialEnd = endOfDayIso(day);
  const status = currentPlanStatus(user);

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('adminUsers.plan.title', { name })}
      description={t('adminUsers.plan.current', {
        plan: planName(user.plan, t, plans.data),
        status: t(`planStatus.${status}`),
        date: formatDateTime(user.trialEndDate, timeZone, i18n.language),
      })}
    >
      <div className="grid gap-6" data-testid="plan-dialog">
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            apply('plan', { plan }, t('adminUsers.plan.granted', { name, plan: planName(plan, t, plans.data) }));
          }}
        >
          <SelectField
            label={t('adminUsers.plan.choose')}
            value={plan}
            onChange={(e) => setPlanKey(e.target.value)}
            options={options}
            disabled={plans.isPending}
          />
          <p className="text-xs text-muted">{t('adminUsers.plan.complimentary')}</p>
          <div>
            <Button type="submit" busy={busy('plan')}>
              {t('adminUsers.plan.grant')}
            </Button>
          </div>
        </form>
        <form
          className="grid gap-3 border-t border-line pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (trialEnd)
              apply('trial', { trialEndDate: trialEnd }, t('adminUsers.plan.trialSet', { name, date: day }));
          }}
        >
          <TextField
            label={t('adminUsers.plan.trialEnd')}
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            hint={t('adminUsers.plan.trialEndHint')}
            error={day && !trialEnd ? t('adminUsers.plan.badDate') : undefined}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" disabled={!trialEnd} busy={busy('trial')}>
              {t('adminUsers.plan.setTrial')}
            </Button>
            <Button
              variant="danger"
              busy={busy('end')}
              onClick={() =>
                apply('end', { trialEndDate: new Date().toISOString() }, t('adminUsers.plan.trialEnded', { name }))
              }
            >
              {t('adminUsers.plan.endTrial')}
            </Button>
          </div>
        </form>
        {setPlan.isError && (
          <Banner tone="error" data-testid="plan-dialog-error">
            {errorText(setPlan.error)}
          </Banner>
        )}
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="secondary">{t('adminUsers.plan.close')}</Button>
          </DialogClose>
        </div>
      </div>
    </FormDialog>
  );
}
