import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The VMS dashboard's strings arrive with its chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
