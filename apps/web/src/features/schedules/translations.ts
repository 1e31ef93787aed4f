import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The schedules strings arrive with the schedules chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
