import { describe, expect, it } from 'vitest';
import { initialLanguage, readLanguage, readTheme } from './preferences.ts';
import { afterLoginPath } from './redirect.ts';

describe('preferences', () => {
  it('reads themes and languages, defaulting to light and en (spec §9)', () => {
    expect(readTheme('dark')).toBe('dark');
    expect(readTheme('neon')).toBe('light');
    expect(readLanguage('fr')).toBe('fr');
    expect(readLanguage('de')).toBe('en');
    expect(readLanguage(undefined)).toBe('en');
  });

  it('picks the stored language first, then a supported browser language', () => {
    expect(initialLanguage('fr', ['en-US'])).toBe('fr');
    expect(initialLanguage(null, ['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(initialLanguage(null, ['de-DE'])).toBe('en');
    expect(initialLanguage('xx', ['fr'])).toBe('en');
  });
});

describe('afterLoginPath edge cases', () => {
  it('refuses every /auth page so login never loops', () => {
    expect(afterLoginPath('/auth/reset?token=abc')).toBe('/');
    expect(afterLoginPath('/auth')).toBe('/');
    expect(afterLoginPath('/authors')).toBe('/authors');
  });
});
