import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingFirst, landingFirst } from './app/landing-first.tsx';
import { initI18n, setLanguage } from './lib/i18n.ts';
import { watchInstallOffer } from './lib/install-prompt.ts';
import { applyTheme, initialLanguage, storedLanguage, storedTheme } from './lib/preferences.ts';
import { getToken } from './lib/token-store.ts';
import './index.css';

// The browser's install offer may come at once: listen before anything renders.
watchInstallOffer();

// Before the session loads, show the last theme and language used on this device.
initI18n();
applyTheme(storedTheme());
// Rendering waits for the language's strings, so a French visitor never sees English first.
const language = setLanguage(initialLanguage(storedLanguage(), navigator.languages ?? []));

const element = document.getElementById('root');
if (!element) throw new Error('#root missing from index.html');
const root = createRoot(element);

// The app (router, session, data, realtime, its strings) is a chunk of its own: the landing page does not need it.
async function loadApp() {
  const app = await import('./app/start-app.tsx');
  await app.appReady();
  return app;
}

let opening = false;
/** Leaving the first-render landing: load the app, then let its router show the address followed. */
function openApp(to: string): void {
  if (opening) return;
  opening = true;
  loadApp().then(
    (app) => {
      const here = `${location.pathname}${location.search}${location.hash}`;
      if (to === here) history.replaceState(null, '', to);
      else history.pushState(null, '', to);
      app.startApp(root);
    },
    // The chunk could not load (offline, a new deployment): the browser fetches the page itself.
    () => location.assign(to),
  );
}

if (landingFirst(location.pathname, getToken())) {
  void language.then(() => {
    root.render(
      <StrictMode>
        <LandingFirst openApp={openApp} />
      </StrictMode>,
    );
    // Fetched while the visitor reads, so following a link is as quick as inside the app.
    const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
    idle(() => void loadApp().catch(() => undefined));
  });
} else {
  void Promise.all([loadApp(), language]).then(([app]) => app.startApp(root));
}

// The offline page and web push; the worker never caches the app itself.
void import('./lib/push.ts').then((push) => push.registerServiceWorker());
