import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The reports strings arrive with the reports chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
