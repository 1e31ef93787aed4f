import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/**
 * The strings of the Users page and its plan dialog (an admin sets a workspace's plan) arrive with
 * the page's chunk, not in the core dictionary every visitor downloads.
 */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
