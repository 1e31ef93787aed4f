import { DEFAULT_LANGUAGE, DEFAULT_THEME, type Language, SUPPORTED_LANGUAGES, type Theme, THEMES } from '@vigil/shared';
import { readStored, writeStored } from './token-store.ts';

const THEME_KEY = 'vigil.theme';
const LANGUAGE_KEY = 'vigil.language';

export function readTheme(value: unknown): Theme {
  return (THEMES as readonly unknown[]).includes(value) ? (value as Theme) : DEFAULT_THEME;
}

export function readLanguage(value: unknown): Language {
  return (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;
}

/** Signed-out visitors keep the last language used here, else the browser's if supported. */
export function initialLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored) return readLanguage(stored);
  const match = browser
    .map((l) => l.slice(0, 2).toLowerCase())
    .find((l) => (SUPPORTED_LANGUAGES as readonly string[]).includes(l));
  return readLanguage(match);
}

export function storedLanguage(): string | null {
  return readStored(LANGUAGE_KEY);
}

/** Theme is a class on <html> (Tailwind's dark variant), remembered for the next load. */
export function applyTheme(theme: Theme): void {
  if (typeof document === 'undefined') return;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  writeStored(THEME_KEY, theme);
}

export function rememberLanguage(language: Language): void {
  writeStored(LANGUAGE_KEY, language);
}

export function storedTheme(): Theme {
  return readTheme(readStored(THEME_KEY));
}
