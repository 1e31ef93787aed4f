import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The team strings arrive with the team chunk (the switcher's few live in the first one's menu). */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
