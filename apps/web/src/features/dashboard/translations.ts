import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The role dashboards' own strings arrive with their chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
