import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordField, useNewPassword } from '../../../components/ui/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePasswordResetConfirm } from '../api.ts';
import { AuthCard, AuthFooterLink, FormError } from '../components/auth-card.tsx';
import { errorText } from '../error-text.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = usePasswordResetConfirm();
  const password = useNewPassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.check()) confirm.mutate({ token, password: password.value });
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
          <NewPasswordField label={t('auth.newPassword')} name="password" password={password} />
          <Button type="submit" busy={confirm.isPending}>
            {t('auth.resetSubmit')}
          </Button>
        </form>
      )}
      <AuthFooterLink to="/auth/login">
        {confirm.isSuccess ? t('auth.loginLink') : t('auth.backToLogin')}
      </AuthFooterLink>
    </AuthCard>
  );
}
