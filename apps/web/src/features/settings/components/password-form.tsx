import { MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useChangePassword } from '../api.ts';
import { useErrorText } from '../use-error-text.ts';

export function PasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < MIN_PASSWORD_LENGTH) {
      setLocalError(t('errors.auth/weak-password'));
      return;
    }
    setLocalError(undefined);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setNew('');
          toast({ kind: 'success', text: t('settings.passwordChanged') });
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  };

  return (
    <Card title={t('settings.changePassword')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('settings.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          hint={t('auth.passwordHint', { count: MIN_PASSWORD_LENGTH })}
          error={localError}
        />
        <div>
          <Button type="submit" busy={change.isPending} disabled={!currentPassword || !newPassword}>
            {t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
