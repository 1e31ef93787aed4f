import type { LazyTranslations } from '../lib/i18n.ts';

/** The app's own strings (every page but the landing, which has its own in the first chunk). */
export const appTranslations: LazyTranslations = {
  en: () => import('../lib/locales/en.json'),
  fr: () => import('../lib/locales/fr.json'),
};
