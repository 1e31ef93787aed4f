import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CurrentPasswordField, NewPasswordField, useNewPassword } from '../../../components/ui/password-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useChangePassword } from '../api.ts';
import { useErrorText } from '../use-error-text.ts';

export function PasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const newPassword = useNewPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!newPassword.check()) return;
    change.mutate(
      { currentPassword, newPassword: newPassword.value },
      {
        onSuccess: () => {
          setCurrent('');
          newPassword.setValue('');
          toast({ kind: 'success', text: t('settings.passwordChanged') });
        },
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );
  };

  return (
    <Card title={t('settings.changePassword')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <CurrentPasswordField value={currentPassword} onValueChange={setCurrent} />
        <NewPasswordField label={t('auth.newPassword')} password={newPassword} />
        <div>
          <Button type="submit" busy={change.isPending} disabled={!currentPassword || !newPassword.value}>
            {t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
