import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { errorKey } from '../../lib/errors.ts';

/** Translated catalogue message for a failed mutation (spec §8). */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => t(errorKey(error instanceof ApiError ? error.code : 'unknown'));
}
