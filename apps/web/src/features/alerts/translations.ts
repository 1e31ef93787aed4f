import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The bell's strings load with the app frame's alert chunk. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
