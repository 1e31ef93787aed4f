import type { Language } from '@vigil/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { rememberLanguage } from './preferences.ts';

/**
 * English ships in the first chunk; other languages load on demand so the landing page
 * stays small. Keys are flat ("pages.vms.sites.add") because route titles nest a key
 * under another key's name, which i18next's nesting cannot express.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  fr: () => import('./locales/fr.json'),
};

export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en } },
      lng: 'en',
      fallbackLng: 'en',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  return i18n;
}

export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    try {
      const mod = await loaders[language]();
      i18n.addResourceBundle(language, 'translation', mod.default);
    } catch {
      // Chunk could not load (offline): stay in the current language rather than show keys.
      return;
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  rememberLanguage(language);
}
