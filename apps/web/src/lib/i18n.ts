import type { Language } from '@vigil/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import first from './locales/first/en.json';
import { rememberLanguage } from './preferences.ts';

/**
 * The strings a first visit to the landing page shows ship in the first chunk, in English; other
 * languages, and the app's own strings (locales/*.json: every other page), load on demand so the
 * landing page stays small. Keys are flat ("pages.vms.sites.add") because route titles nest a key
 * under another key's name, which i18next's nesting cannot express.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = {
  fr: () => import('./locales/first/fr.json'),
};

export function initI18n(): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: first } },
      lng: 'en',
      fallbackLng: 'en',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      // Feature bundles arrive after start (registerTranslations): re-render when they do.
      react: { bindI18nStore: 'added' },
    });
  }
  return i18n;
}

type Dict = Record<string, string>;
type Loadable = Exclude<Language, 'en'>;
type Load = () => Promise<{ default: Dict }>;
export interface FeatureTranslations {
  en: Dict;
  fr: Load;
}
/** Strings whose English is a chunk of its own too: the app's, which the landing's first render does not use. */
export type LazyTranslations = Record<Language, Load>;
const features: (FeatureTranslations | LazyTranslations)[] = [];
const add = (lng: string, dict: Dict) => i18n.addResourceBundle(lng, 'translation', dict, true, false);

/**
 * Languages asked for at least once (loading or loaded). A feature registered while one of them
 * is still loading must still get its strings in it: it fetches them itself, on registration.
 */
const requested = new Set<Loadable>();
const coreLoaded = new Set<Loadable>();
const featureLoads = new Map<object, Map<Language, Promise<void>>>();

/** One fetch per feature and language; a failed fetch is forgotten so a later attempt retries. */
function loadFeature(bundle: object, lng: Language, load: Load): Promise<void> {
  const byLanguage = featureLoads.get(bundle) ?? new Map<Language, Promise<void>>();
  featureLoads.set(bundle, byLanguage);
  const existing = byLanguage.get(lng);
  if (existing) return existing;
  const loading = load().then(
    (m) => void add(lng, m.default),
    (error: unknown) => {
      byLanguage.delete(lng);
      throw error;
    },
  );
  byLanguage.set(lng, loading);
  return loading;
}

/**
 * A feature brings its own strings (features/<x>/locales/*.json) when its code loads, so the
 * core dictionary and the landing chunk do not grow with every capability.
 */
export function registerTranslations(bundle: FeatureTranslations): void {
  if (features.includes(bundle)) return;
  features.push(bundle);
  add('en', bundle.en);
  // Offline: the feature stays in English until the next language change retries.
  for (const lng of requested) loadFeature(bundle, lng, bundle[lng]).catch(() => undefined);
}

/** How long a page waits for its strings before it shows anyway. */
const SETTLE_CAP_MS = 3000;

/**
 * Waits for the strings features asked for in the languages already requested (errors ignored:
 * an offline feature stays in English). A page's loader awaits this after importing the page, so
 * a page opened in French never shows its English first.
 */
export async function translationsSettled(): Promise<void> {
  const pending = [...featureLoads.values()].flatMap((byLanguage) => [...byLanguage.values()]);
  // A strings file that hangs (a stalled connection) must not hold the page back: after a few
  // seconds it shows, and its strings follow when they arrive.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SETTLE_CAP_MS);
  });
  await Promise.race([Promise.allSettled(pending), cap]);
  clearTimeout(timer);
}

/**
 * Loads strings that are not in the first chunk in English and every language asked for so far,
 * and keeps them for later language changes. Whoever shows them awaits this first: no key flashes.
 */
export async function loadTranslations(bundle: LazyTranslations): Promise<void> {
  if (!features.includes(bundle)) features.push(bundle);
  await Promise.all([
    loadFeature(bundle, 'en', bundle.en),
    ...[...requested].map((lng) => loadFeature(bundle, lng, bundle[lng])),
  ]);
}

export async function setLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !coreLoaded.has(language)) {
    requested.add(language);
    try {
      const core = loaders[language]().then((m) => void add(language, m.default));
      await Promise.all([core, ...features.map((f) => loadFeature(f, language, f[language]))]);
      coreLoaded.add(language);
    } catch {
      // Chunk could not load (offline): stay in the current language rather than show keys.
      return;
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  rememberLanguage(language);
}
