import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/en.json';

/** The pricing editor's and payment settings' strings arrive with their chunk. */
registerTranslations({ en, fr: () => import('./locales/fr.json') });
