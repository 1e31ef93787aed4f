import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The notification settings' strings arrive with the settings chunk, not in the first download. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
