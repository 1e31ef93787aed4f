import type { Member } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormDialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useTransferOwnership } from '../api.ts';

/** The owner hands the workspace to a manager, confirming with their password. */
export function TransferDialog({ managers, onClose }: { managers: Member[]; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSession();
  const transfer = useTransferOwnership();
  const [userId, setUserId] = useState(managers[0]?.userId ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    transfer.mutate(
      { userId, password },
      {
        onSuccess: () => {
          toast({ kind: 'success', text: t('team.transferred') });
          session.refresh();
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('team.transferDialog.title')}
      description={t('team.transferDialog.description')}
    >
      {managers.length === 0 ? (
        <div className="grid gap-4">
          <p className="text-sm text-fg">{t('team.transferDialog.noManagers')}</p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t('team.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-4">
          <SelectField
            label={t('team.transferDialog.to')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            options={managers.map((m) => ({ value: m.userId, label: `${m.displayName} (${m.email})` }))}
          />
          <PasswordField
            label={t('team.transferDialog.password')}
            autoComplete="current-password"
            required
            value={password}
            onValueChange={setPassword}
            error={error}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('team.cancel')}
            </Button>
            <Button type="submit" variant="danger" busy={transfer.isPending}>
              {t('team.transferDialog.confirm')}
            </Button>
          </div>
        </form>
      )}
    </FormDialog>
  );
}
