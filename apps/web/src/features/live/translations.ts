import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The live-view strings arrive with the live chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
