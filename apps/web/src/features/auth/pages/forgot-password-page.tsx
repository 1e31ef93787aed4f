import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { usePasswordResetRequest } from '../api.ts';
import { AuthCard, AuthFooterLink, EmailField, FormError } from '../components/auth-card.tsx';
import { errorText } from '../error-text.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const reset = usePasswordResetRequest();
  const [email, setEmail] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate(email.trim());
  };

  return (
    <AuthCard title={t('auth.forgotTitle')} intro={t('auth.forgotIntro')}>
      {reset.isSuccess ? (
        // The same answer whether or not the account exists, so nobody can probe for emails.
        <Banner tone="success">{t('auth.forgotSent')}</Banner>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError message={reset.isError ? errorText(t, reset.error) : null} />
          <EmailField value={email} onValueChange={setEmail} />
          <Button type="submit" busy={reset.isPending}>
            {t('auth.forgotSubmit')}
          </Button>
        </form>
      )}
      <AuthFooterLink to="/auth/login">{t('auth.backToLogin')}</AuthFooterLink>
    </AuthCard>
  );
}
