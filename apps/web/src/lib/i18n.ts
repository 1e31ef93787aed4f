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
      // Feature bundles arrive after start (registerTranslations): re-render when they do.
      react: { bindI18nStore: 'added' },
    });
  }
  return i18n;
}

type Dict = Record<string, string>;
export interface FeatureTranslations {
  en: Dict;
  fr: () => Promise<{ default: Dict }>;
}
const features: FeatureTranslations[] = [];
const add = (lng: string, dict: Dict) => i18n.addResourceBundle(lng, 'translation', dict, true, false);

/**
 * A feature brings its own strings (features/<x>/locales/*.json) when its code loads, so the
 * core dictionary and the landing chunk do not grow with every capability.
 */
export function registerTranslations(bundle: FeatureTranslations): void {
  if (features.includes(bundle)) return;
  features.push(bundle);
  add('en', bundle.en);
  if (i18n.hasResourceBundle('fr', 'translation')) void bundle.fr().then((m) => add('fr', m.default));
}

export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    try {
      const [core, ...rest] = await Promise.all([loaders[language](), ...features.map((f) => f[language]())]);
      add(language, core.default);
      for (const m of rest) add(language, m.default);
    } catch {
      // Chunk could not load (offline): stay in the current language rather than show keys.
      return;
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  rememberLanguage(language);
}
