import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The sites strings arrive with the sites chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
