import type { AuthResult } from '@vigil/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useSignInTwoFactor } from '../api.ts';
import { FormError } from './auth-card.tsx';

/**
 * The sign-in's second step for an account with two-factor on: a code from the authenticator
 * app, or a recovery code. An expired challenge sends the person back to the first step.
 */
export function TwoFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone(result: AuthResult): void;
  onRestart(message?: string): void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const verify = useSignInTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const factor = recovery ? { recoveryCode: code.trim() } : { code: code.trim() };
    verify.mutate(
      { challenge, ...factor },
      {
        onSuccess: (result) => onDone(result),
        onError: (err) => {
          if ((err as { code?: string }).code === 'failed-precondition') onRestart(errorText(err));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="text-lg font-semibold text-fg">
        {t('auth.twoFactorTitle')}
      </h2>
      <p className="text-sm text-muted">{t(recovery ? 'auth.recoveryIntro' : 'auth.twoFactorIntro')}</p>
      <FormError message={verify.isError ? errorText(verify.error) : null} />
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={t(recovery ? 'auth.recoveryCode' : 'auth.code')}
        name={recovery ? 'recoveryCode' : 'code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        // The step replaces the password form: the person's next keystroke belongs here.
        autoFocus
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button
        type="button"
        className="self-start text-sm text-primary underline underline-offset-4"
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
          verify.reset();
        }}
      >
        {t(recovery ? 'auth.useApp' : 'auth.useRecovery')}
      </button>
      <Button type="submit" busy={verify.isPending} disabled={!code.trim()}>
        {t('auth.verify')}
      </Button>
      <button type="button" className="text-sm text-muted underline underline-offset-4" onClick={() => onRestart()}>
        {t('auth.startOver')}
      </button>
    </form>
  );
}
