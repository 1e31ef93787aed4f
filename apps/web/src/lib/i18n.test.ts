import { describe, expect, it, vi } from 'vitest';
import { initI18n, loadTranslations, registerTranslations, setLanguage } from './i18n.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('feature translations', () => {
  it('applies a bundle registered while French is still loading', async () => {
    const i18n = initI18n();
    const switching = setLanguage('fr');
    // The feature's code arrives while the French core is in flight (sign-in, reload).
    registerTranslations({
      en: { 'test.lateFeature': 'Cameras' },
      fr: async () => ({ default: { 'test.lateFeature': 'Caméras' } }),
    });
    await switching;
    await tick();
    expect(i18n.language).toBe('fr');
    expect(i18n.t('test.lateFeature')).toBe('Caméras');
  });

  it('applies a bundle registered after French has loaded', async () => {
    const i18n = initI18n();
    await setLanguage('fr');
    registerTranslations({
      en: { 'test.afterFeature': 'Exports' },
      fr: async () => ({ default: { 'test.afterFeature': 'Exportations' } }),
    });
    await tick();
    expect(i18n.t('test.afterFeature')).toBe('Exportations');
  });
});

describe('strings loaded with their code (the app outside the landing)', () => {
  it('loads English and the languages asked for before the caller renders', async () => {
    const i18n = initI18n();
    await setLanguage('fr');
    await loadTranslations({
      en: async () => ({ default: { 'test.lazy': 'Recordings' } }),
      fr: async () => ({ default: { 'test.lazy': 'Enregistrements' } }),
    });
    expect(i18n.t('test.lazy')).toBe('Enregistrements');
    expect(i18n.t('test.lazy', { lng: 'en' })).toBe('Recordings');
  });

  it('loads them in a language chosen afterwards, before the change applies', async () => {
    // A fresh module: nothing asked for French yet in this one.
    vi.resetModules();
    const { initI18n, loadTranslations, setLanguage } = await import('./i18n.ts');
    const i18n = initI18n();
    await loadTranslations({
      en: async () => ({ default: { 'test.lazyLater': 'Exports' } }),
      fr: async () => ({ default: { 'test.lazyLater': 'Exportations' } }),
    });
    await setLanguage('fr');
    expect(i18n.t('test.lazyLater')).toBe('Exportations');
  });
});
