import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { initI18n, setLanguage } from './lib/i18n.ts';
import { watchInstallOffer } from './lib/install-prompt.ts';
import { registerServiceWorker } from './lib/push.ts';
import { applyTheme, initialLanguage, storedLanguage, storedTheme } from './lib/preferences.ts';
import './index.css';

// The browser's install offer may come at once: listen before anything renders.
watchInstallOffer();

// Before the session loads, show the last theme and language used on this device.
initI18n();
applyTheme(storedTheme());
void setLanguage(initialLanguage(storedLanguage(), navigator.languages ?? []));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The offline page and web push; the worker never caches the app itself.
void registerServiceWorker();
