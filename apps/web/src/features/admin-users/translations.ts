import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The plan dialog's strings (issue 11) arrive with the Users page's chunk. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
