import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The exports strings arrive with the exports chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
