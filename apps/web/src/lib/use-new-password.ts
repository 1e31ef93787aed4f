import { MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
