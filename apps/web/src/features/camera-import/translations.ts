import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The camera import strings arrive with the panel's chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
