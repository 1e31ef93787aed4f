import { dashboardPathFor } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordField, useNewPassword } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { readLanguage } from '../../../lib/preferences.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSignUp } from '../api.ts';
import { AuthCard, AuthFooterLink, EmailField, FormError } from '../components/auth-card.tsx';
import { errorText } from '../error-text.ts';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const signUp = useSignUp();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const password = useNewPassword();

  if (user && !signUp.isPending && !signUp.isSuccess) return <Navigate to={dashboardPathFor(user.role)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password.check()) return;
    signUp.mutate(
      {
        displayName: displayName.trim(),
        email: email.trim(),
        password: password.value,
        timezone: browserTimeZone(),
        language: readLanguage(i18n.language),
      },
      // A new owner starts in the app, on the dashboard of their role, not on the marketing page.
      { onSuccess: (result) => navigate(dashboardPathFor(result.user.role), { replace: true }) },
    );
  };

  const fields = signUp.error instanceof ApiError ? signUp.error.fields : undefined;

  return (
    <AuthCard title={t('auth.registerTitle')} intro={t('auth.registerIntro')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={signUp.isError ? errorText(t, signUp.error) : null} />
        <TextField
          label={t('auth.displayName')}
          name="displayName"
          autoComplete="name"
          required
          maxLength={80}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          error={fields?.displayName}
        />
        <EmailField value={email} onValueChange={setEmail} error={fields?.email} />
        <NewPasswordField
          label={t('auth.password')}
          name="password"
          password={password}
          serverError={fields?.password}
        />
        <Button type="submit" busy={signUp.isPending}>
          {t('auth.createAccount')}
        </Button>
      </form>
      <AuthFooterLink lead={t('auth.haveAccount')} to="/auth/login">
        {t('auth.loginLink')}
      </AuthFooterLink>
    </AuthCard>
  );
}
