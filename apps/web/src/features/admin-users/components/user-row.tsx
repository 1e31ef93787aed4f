import { ROLES, type Role, type UserDoc } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { planName } from '../../../lib/plans.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSetUserDisabled, useSetUserRole } from '../api.ts';
import { PlanDialog } from './plan-dialog.tsx';

const cell = 'px-3 py-3 align-middle text-sm';

export function UserRow({
  user,
  selfUid,
  timeZone,
  plans,
}: {
  user: UserDoc;
  selfUid: string;
  timeZone: string;
  /** The plans table, for names (a plan the admin added has no built-in translation). */
  plans?: readonly { key: string; name: string }[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const setRole = useSetUserRole();
  const setDisabled = useSetUserDisabled();
  const [confirming, setConfirming] = useState(false);
  const [planOpen, setPlanOpen] = useState(false);
  // An admin cannot demote or lock out themselves from this screen.
  const isSelf = user.uid === selfUid;
  const errorText = useErrorText();
  const fail = (err: unknown) => toast({ kind: 'error', text: errorText(err) });
  const name = user.displayName || user.email;

  const toggleDisabled = () =>
    setDisabled.mutate(
      { uid: user.uid, disabled: !user.disabled },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ kind: 'success', text: t(user.disabled ? 'adminUsers.enabled' : 'adminUsers.disabled', { name }) });
        },
        onError: (err) => {
          setConfirming(false);
          fail(err);
        },
      },
    );

  return (
    <tr className="border-b border-line">
      <th scope="row" className={`${cell} whitespace-nowrap text-left font-medium text-fg`}>
        {user.displayName}
      </th>
      <td className={`${cell} whitespace-nowrap text-fg`}>{user.email}</td>
      <td className={cell}>
        <SelectField
          hideLabel
          className="min-w-36"
          label={t('adminUsers.roleFor', { name })}
          value={user.role}
          disabled={isSelf || setRole.isPending}
          onChange={(e) =>
            setRole.mutate(
              { uid: user.uid, role: e.target.value as Role },
              {
                onSuccess: () => toast({ kind: 'success', text: t('adminUsers.roleChanged', { name }) }),
                onError: fail,
              },
            )
          }
          options={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
        />
      </td>
      <td className={`${cell} text-fg`}>
        {planName(user.plan, t, plans)} · {t(`planStatus.${user.planStatus}`)}
      </td>
      <td className={`${cell} whitespace-nowrap text-muted`}>
        {formatDateTime(user.createdAt, timeZone, i18n.language)}
      </td>
      <td className={`${cell} whitespace-nowrap text-muted`}>
        {user.lastLoginAt ? formatDateTime(user.lastLoginAt, timeZone, i18n.language) : t('adminUsers.never')}
      </td>
      <td className={cell}>
        <span
          className={`rounded-full px-2 py-1 text-xs font-medium ${user.disabled ? 'bg-error-bg text-error-fg' : 'bg-ok-bg text-ok-fg'}`}
        >
          {user.disabled ? t('adminUsers.statusDisabled') : t('adminUsers.statusActive')}
        </span>
      </td>
      <td className={cell}>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={t('adminUsers.plan.actionFor', { name })}
            onClick={() => setPlanOpen(true)}
          >
            {t('adminUsers.plan.action')}
          </Button>
          {planOpen && <PlanDialog user={user} timeZone={timeZone} onClose={() => setPlanOpen(false)} />}
          <Button
            variant={user.disabled ? 'secondary' : 'danger'}
            disabled={isSelf}
            aria-label={t(user.disabled ? 'adminUsers.enableFor' : 'adminUsers.disableFor', { name })}
            onClick={() => setConfirming(true)}
          >
            {user.disabled ? t('adminUsers.enable') : t('adminUsers.disable')}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t(user.disabled ? 'adminUsers.confirmEnableTitle' : 'adminUsers.confirmDisableTitle', { name })}
            description={t(user.disabled ? 'adminUsers.confirmEnableBody' : 'adminUsers.confirmDisableBody', {
              email: user.email,
            })}
            confirmLabel={user.disabled ? t('adminUsers.enable') : t('adminUsers.disable')}
            confirmVariant={user.disabled ? 'primary' : 'danger'}
            cancelLabel={t('common.cancel')}
            busy={setDisabled.isPending}
            onConfirm={toggleDisabled}
          />
        </div>
      </td>
    </tr>
  );
}
