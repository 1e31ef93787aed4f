import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { landingAfterAuth } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useSignIn } from '../api.ts';
import { AuthCard, AuthFooterLink, EmailField, FormError } from '../components/auth-card.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';
import { loginErrorText } from '../error-text.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Two-factor on: the password step's challenge, until a code completes it.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartMessage, setRestartMessage] = useState<string | null>(null);
  const redirect = params.get('redirect');

  // Already signed in (e.g. back button): go where the login would have led.
  if (user && !signIn.isPending && !signIn.isSuccess)
    return <Navigate to={landingAfterAuth(redirect, user.role)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRestartMessage(null);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => {
          if ('twoFactorRequired' in result) setChallenge(result.challenge);
          // A workspace that requires two-factor opens nothing else until it is on.
          else
            navigate(
              result.twoFactor?.required && !result.twoFactor.enabled
                ? '/security'
                : landingAfterAuth(redirect, result.user.role),
              { replace: true },
            );
        },
      },
    );
  };

  if (challenge)
    return (
      <AuthCard title={t('auth.loginTitle')}>
        <TwoFactorStep
          challenge={challenge}
          onDone={(result) => navigate(landingAfterAuth(redirect, result.user.role), { replace: true })}
          onRestart={(message) => {
            setChallenge(null);
            setPassword('');
            signIn.reset();
            setRestartMessage(message ?? null);
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('auth.loginTitle')} intro={t('auth.loginIntro')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={signIn.isError ? loginErrorText(t, signIn.error) : restartMessage} />
        <EmailField value={email} onValueChange={setEmail} />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <div className="flex justify-end">
          <Link to="/auth/forgot" className="text-sm text-primary underline underline-offset-4">
            {t('auth.forgotLink')}
          </Link>
        </div>
        <Button type="submit" busy={signIn.isPending}>
          {t('auth.signIn')}
        </Button>
      </form>
      <AuthFooterLink lead={t('auth.noAccount')} to="/auth/register">
        {t('auth.registerLink')}
      </AuthFooterLink>
    </AuthCard>
  );
}
