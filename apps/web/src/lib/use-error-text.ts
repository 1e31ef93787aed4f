import { useTranslation } from 'react-i18next';
import { describeError } from './errors.ts';

/** The words a page shows for a failed call, in the current language (see describeError). */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => describeError(error, (key, options) => t(key, options ?? {}), i18n.language);
}
