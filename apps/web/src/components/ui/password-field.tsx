import { MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import type { NewPassword } from '../../lib/use-new-password.ts';
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
