import { registerTranslations } from '../../lib/i18n.ts';
import en from './locales/ops-en.json';

/** The operator's and viewer's dashboards' strings load with their pages. */
registerTranslations({ en, fr: () => import('./locales/ops-fr.json') });
