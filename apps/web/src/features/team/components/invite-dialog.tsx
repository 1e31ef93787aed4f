import type { MemberRole } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useInvite } from '../api.ts';
import { ROLE_CHOICES, roleLabel } from './role-label.ts';

export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('operator');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('team.invited', { email }) });
          setEmail('');
          onOpenChange(false);
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('team.inviteDialog.title')}
      description={t('team.inviteDialog.description')}
    >
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField
          label={t('team.inviteDialog.email')}
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <SelectField
          label={t('team.inviteDialog.role')}
          value={role}
          onChange={(e) => setRole(e.target.value as MemberRole)}
          options={ROLE_CHOICES.map((r) => ({ value: r, label: `${roleLabel(t, r)} — ${t(`team.roleHelp.${r}`)}` }))}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('team.cancel')}
          </Button>
          <Button type="submit" busy={invite.isPending}>
            {t('team.inviteDialog.send')}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
