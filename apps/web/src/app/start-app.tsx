import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { loadTranslations } from '../lib/i18n.ts';
import { appTranslations } from './app-translations.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/**
 * The app's strings in the languages asked for so far: awaited before the app renders, so no page
 * shows a key. Offline they stay missing until a language change retries, as a feature's do.
 */
export function appReady(): Promise<void> {
  return loadTranslations(appTranslations).catch(() => undefined);
}

/**
 * The app: router, session, data and realtime. It replaces whatever the root showed (the landing's
 * first render) and takes over the browser's history at the current address.
 */
export function startApp(root: Root): void {
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>,
  );
}
