import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in the DOM typings): shown when the app calls prompt(). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/**
 * Keeps the browser's install offer for later: a phone's browser offers to install the app once
 * the manifest and service worker are there, and the account menu's "Install the app" shows it
 * when the person asks, instead of the browser's own mini-bar at a moment of its choosing.
 */
export function watchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The install offer, when the browser made one: call it to show the browser's install dialog. */
export function useInstallOffer(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  if (!current) return null;
  return async () => {
    await current.prompt();
    await current.userChoice;
    // The browser makes a new offer (a new event) if the person said no.
    offer = null;
    changed();
  };
}
