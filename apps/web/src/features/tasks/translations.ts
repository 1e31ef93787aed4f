import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The tasks strings arrive with the tasks chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
