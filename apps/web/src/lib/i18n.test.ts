import { describe, expect, it } from 'vitest';
import { initI18n, registerTranslations, setLanguage } from './i18n.ts';

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
