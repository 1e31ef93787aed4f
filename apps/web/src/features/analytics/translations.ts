import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The analytics strings arrive with the analytics chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
