import { MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/format.ts';
import { readLanguage } from '../../../lib/preferences.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSignUp } from '../api.ts';
import { AuthCard, FormError } from '../components/auth-card.tsx';
import { errorText } from '../error-text.ts';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const signUp = useSignUp();
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  if (user && !signUp.isPending && !signUp.isSuccess) return <Navigate to="/" replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Spec §5: checked here first so the person gets the answer without a round trip.
    if (password.length < MIN_PASSWORD_LENGTH) {
      setPasswordError(t('errors.auth/weak-password'));
      return;
    }
    setPasswordError(undefined);
    signUp.mutate(
      {
        displayName: displayName.trim(),
        email: email.trim(),
        password,
        timezone: browserTimeZone(),
        language: readLanguage(i18n.language),
      },
      { onSuccess: () => navigate('/', { replace: true }) },
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
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fields?.email}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t('auth.passwordHint', { count: MIN_PASSWORD_LENGTH })}
          error={passwordError ?? fields?.password}
        />
        <Button type="submit" busy={signUp.isPending}>
          {t('auth.createAccount')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {t('auth.haveAccount')}{' '}
        <Link to="/auth/login" className="font-medium text-primary underline underline-offset-4">
          {t('auth.loginLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
