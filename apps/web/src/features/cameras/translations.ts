import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The cameras strings arrive with the cameras chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
