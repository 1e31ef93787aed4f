import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The bulk operations strings arrive with the page's chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
