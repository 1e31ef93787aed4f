import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The recordings strings arrive with the recordings chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
