import { MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, TextField, type TextFieldProps } from './text-field.tsx';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete'> {
  /** What a password manager offers: the saved password, or a new one to save. */
  autoComplete: 'current-password' | 'new-password';
}

/** A password input (a TextField) that a password manager understands. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" {...props} />;
}

/**
 * A new password (useNewPassword): required, its shortest length as the hint, and the length
 * check's words (or, after it, the server's `serverError`) under it.
 */
export function NewPasswordField({
  label,
  password,
  name,
  serverError,
}: {
  label: string;
  password: NewPassword;
  name?: string;
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <PasswordField
      label={label}
      name={name}
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD_LENGTH}
      value={password.value}
      onValueChange={password.setValue}
      hint={t('auth.passwordHint', { count: MIN_PASSWORD_LENGTH })}
      error={password.error ?? serverError}
    />
  );
}

/** The signed-in person's own password, asked again before a change that matters (spec §5). */
export function CurrentPasswordField(props: BoundFieldProps) {
  const { t } = useTranslation();
  return <PasswordField label={t('settings.currentPassword')} autoComplete="current-password" required {...props} />;
}

/**
 * A new password being typed (signing up, resetting, changing it): its value and the words of
 * the length check, which runs on submit, before any round trip (spec §5).
 */
export function useNewPassword() {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    value,
    setValue,
    error,
    /** True when long enough; otherwise false, and `error` says why. */
    check(): boolean {
      const weak = value.length < MIN_PASSWORD_LENGTH;
      setError(weak ? t('errors.auth/weak-password') : undefined);
      return !weak;
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;
