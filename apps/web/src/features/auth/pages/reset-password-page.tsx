import { MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePasswordResetConfirm } from '../api.ts';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { errorText } from '../error-text.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = usePasswordResetConfirm();
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setLocalError(t('errors.auth/weak-password'));
      return;
    }
    setLocalError(undefined);
    confirm.mutate({ token, password });
  };

  // A bad or expired link answers invalid-argument: say so in words a person can act on.
  const serverError =
    confirm.error instanceof ApiError && confirm.error.code === 'invalid-argument'
      ? t('auth.resetInvalid')
      : confirm.isError
        ? errorText(t, confirm.error)
        : null;

  return (
    <AuthCard title={t('auth.resetTitle')} intro={t('auth.resetIntro')}>
      {!token ? (
        <Banner tone="warning">{t('auth.resetMissingToken')}</Banner>
      ) : confirm.isSuccess ? (
        <Banner tone="success">{t('auth.resetDone')}</Banner>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError message={serverError} />
          <TextField
            label={t('auth.newPassword')}
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint={t('auth.passwordHint', { count: MIN_PASSWORD_LENGTH })}
            error={localError}
          />
          <Button type="submit" busy={confirm.isPending}>
            {t('auth.resetSubmit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="font-medium text-primary underline underline-offset-4">
          {confirm.isSuccess ? t('auth.loginLink') : t('auth.backToLogin')}
        </Link>
      </p>
    </AuthCard>
  );
}
