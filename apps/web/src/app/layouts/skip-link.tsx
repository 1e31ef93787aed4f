import { useTranslation } from 'react-i18next';

/** First focusable element of every layout: jumps past the navigation (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('layout.skip')}
    </a>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold text-fg">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-7 w-7">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <circle cx="16" cy="16" r="8" fill="none" className="stroke-on-primary" strokeWidth="3" />
        <circle cx="16" cy="16" r="3" className="fill-on-primary" />
      </svg>
      Vigil
    </span>
  );
}
