import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The events strings arrive with the events chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
