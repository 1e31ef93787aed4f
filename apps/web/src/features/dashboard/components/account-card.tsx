import type { Me } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime, trialDaysLeft } from '../../../lib/format.ts';
import { currentPlanStatus, planName } from '../../../lib/plans.ts';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 last:border-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-right text-sm font-medium text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function AccountCard({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  const { user, workspace } = me;
  const days = trialDaysLeft(user.trialEndDate);
  const status = currentPlanStatus(user);
  return (
    <Card title={t('dashboard.account')}>
      <dl>
        <Row label={t('dashboard.workspace')} value={workspace.name} />
        <Row label={t('dashboard.role')} value={t(`role.${user.role}`)} />
        <Row label={t('dashboard.plan')} value={planName(user.plan, t)} testId="dashboard-plan" />
        <Row label={t('dashboard.planStatus')} value={t(`planStatus.${status}`)} />
        {status === 'trial' && (
          <Row
            label={t('dashboard.trial')}
            value={days > 0 ? t('trial.daysLeft', { count: days }) : t('trial.ended')}
            testId="dashboard-trial"
          />
        )}
        {status === 'trial' && (
          <Row
            label={t('dashboard.trialEnds')}
            value={formatDateTime(user.trialEndDate, user.preferences.timezone, i18n.language)}
          />
        )}
      </dl>
    </Card>
  );
}
