// Vigil's service worker (scope /). Plain JavaScript, served as is (no build step), no-cache.
// - Offline: navigations that cannot reach the server get the cached offline page.
// - Web push: shows the notification the server sent (apps/server/.../channels/push.channel.ts:
//   { title, body, image, url, tag, eventId }) and opens the event when it is clicked.
// The app's own files are not cached: Vigil is a live view of cameras, useless without its server.

const CACHE = 'vigil-shell-v1';
const OFFLINE = '/offline.html';
const PRECACHE = [OFFLINE, '/icons/icon-192.png', '/icons/badge-96.png', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('vigil-') && n !== CACHE).map((n) => caches.delete(n)));
      // The navigation goes out while the worker starts, instead of after.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        return preloaded || (await fetch(event.request));
      } catch {
        return (await caches.match(OFFLINE)) || Response.error();
      }
    })(),
  );
});

function readPush(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = readPush(event);
  const options = {
    body: data.body || '',
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    // The same event again (a retry) replaces its notification rather than adding a second.
    tag: data.tag || undefined,
    data: { url: data.url || '/', eventId: data.eventId || null },
  };
  if (data.image) options.image = data.image;
  event.waitUntil(self.registration.showNotification(data.title || 'Vigil', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin);
  event.waitUntil(openEvent(url));
});

/** Focus an open Vigil window and take it to the event; open one when there is none. */
async function openEvent(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (own && url.origin === self.location.origin) {
    try {
      const focused = await own.focus();
      // navigate() works only for a window this worker controls; otherwise open a new one.
      if (await focused.navigate(url.href)) return;
    } catch {}
  }
  await self.clients.openWindow(url.href);
}

// The browser replaced the subscription (expiry, key rotation): an open app re-saves it at once;
// otherwise the app re-saves on its next start (lib/push.ts).
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      for (const w of windows) w.postMessage({ type: 'vigil.push-subscription-changed' });
    }),
  );
});
