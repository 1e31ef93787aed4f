import { SUPPORTED_LANGUAGES } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n.ts';
import { readLanguage } from '../../lib/preferences.ts';

/** For visitors without an account; signed-in users choose in Settings (saved to their profile). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      {t('settings.language')}
      <select
        className="rounded-md border border-line bg-surface px-2 py-1 text-fg"
        value={readLanguage(i18n.language)}
        onChange={(e) => void setLanguage(readLanguage(e.target.value))}
      >
        {SUPPORTED_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
