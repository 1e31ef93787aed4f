import type { DeviceToken } from '@vigil/shared';
import { request, unwrap } from './api-client.ts';

/**
 * Web push in the browser (spec §7): the service worker, the subscription, and its record on the
 * server (POST /api/v1/device-tokens). Permission is asked only from a click (enablePush); each
 * start of the signed-in app re-saves the subscription and renews it after a week (refreshPush).
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';
export type PushFailure = 'unsupported' | 'denied' | 'dismissed' | 'push-service' | 'server';

export class PushError extends Error {
  constructor(
    readonly reason: PushFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PushError';
  }
}

const SUBSCRIBED_AT = 'vigil.push.subscribedAt';
/** A subscription is renewed after this long (the push services expire idle ones; a fresh one is cheap). */
export const PUSH_RENEW_AFTER_MS = 7 * 24 * 3600 * 1000;
/** A browser without a reachable push service may never answer subscribe(). */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /sw.js once (offline page for everyone, push for those who turn it on). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return Promise.resolve(null);
  registration ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => {
    console.warn('service worker not registered', err);
    registration = null;
    return null;
  });
  return registration;
}

async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await registerServiceWorker())) throw new PushError('unsupported', 'service worker not registered');
  return navigator.serviceWorker.ready;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ? 'on' : 'off';
}

/** The endpoint of this browser's subscription: the device token of "this device". */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription())?.endpoint ?? null;
}

const vapidKey = async () =>
  unwrap(await request<{ vapidPublicKey: string }>('GET', '/api/v1/push/config')).vapidPublicKey;

/** Saves (or refreshes) a subscription on the server for the signed-in person. */
export async function saveSubscription(sub: PushSubscription): Promise<DeviceToken> {
  const json = sub.toJSON();
  const keys = json.keys as { p256dh: string; auth: string } | undefined;
  return unwrap(
    await request<DeviceToken>('POST', '/api/v1/device-tokens', {
      token: sub.endpoint,
      platform: 'web',
      userAgent: navigator.userAgent.slice(0, 500),
      keys,
    }),
  );
}

export async function removeDeviceToken(token: string): Promise<void> {
  unwrap(await request<void>('DELETE', `/api/v1/device-tokens/${encodeURIComponent(token)}`));
}

function sameKey(sub: PushSubscription, key: string): boolean {
  const had = sub.options.applicationServerKey;
  if (!had) return false;
  return (
    btoa(String.fromCharCode(...new Uint8Array(had)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '') === key
  );
}

async function subscribe(reg: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  // A subscription made with another server key (the installation's keys changed) cannot be reused.
  const existing = await reg.pushManager.getSubscription();
  if (existing && !sameKey(existing, key)) await existing.unsubscribe();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushError('push-service', 'the browser’s push service did not answer')),
      SUBSCRIBE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      timeout,
    ]);
  } catch (err) {
    if (err instanceof PushError) throw err;
    throw new PushError('push-service', err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
}

/** Turns notifications on for this device. Call it only from a click: browsers ask permission then. */
export async function enablePush(): Promise<DeviceToken> {
  if (!pushSupported()) throw new PushError('unsupported', 'this browser has no web push');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushError('denied', 'notifications are blocked for this site');
  if (permission !== 'granted') throw new PushError('dismissed', 'the permission request was dismissed');
  const [reg, key] = await Promise.all([activeRegistration(), vapidKey()]);
  const sub = await subscribe(reg, key);
  try {
    const saved = await saveSubscription(sub);
    localStorage.setItem(SUBSCRIBED_AT, String(Date.now()));
    return saved;
  } catch (err) {
    throw new PushError('server', err instanceof Error ? err.message : String(err));
  }
}

/** Turns them off for this device: forgotten by the server, then by the browser. */
export async function disablePush(): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await removeDeviceToken(sub.endpoint).catch(() => undefined);
  await sub.unsubscribe();
  localStorage.removeItem(SUBSCRIBED_AT);
}

/**
 * On each start of the signed-in app, when this device has notifications on: save the subscription
 * again (lastUsed; the token moves to whoever is signed in now), and after a week replace it with a
 * fresh one. Never asks anything; failures wait for the next start.
 */
export async function refreshPush(now = Date.now()): Promise<void> {
  try {
    await refreshSubscription(now);
  } finally {
    // What the settings page shows may have changed under it (a renewal unsubscribes, then subscribes).
    window.dispatchEvent(new Event(PUSH_CHANGED));
  }
}

/** Fired on window when this device's subscription may have changed. */
export const PUSH_CHANGED = 'vigil:push-changed';

async function refreshSubscription(now: number): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!reg || !sub) return;
  const since = Number(localStorage.getItem(SUBSCRIBED_AT));
  if (!since) localStorage.setItem(SUBSCRIBED_AT, String(now));
  if (since && now - since > PUSH_RENEW_AFTER_MS) {
    // One subscription per worker: the old one goes first, on both sides, then the new one is saved.
    const key = await vapidKey();
    await sub.unsubscribe();
    await removeDeviceToken(sub.endpoint).catch(() => undefined);
    await saveSubscription(await subscribe(reg, key));
    localStorage.setItem(SUBSCRIBED_AT, String(now));
    return;
  }
  await saveSubscription(sub);
}

/** Re-saves when the worker says the browser replaced the subscription (pushsubscriptionchange). */
export function watchSubscriptionChanges(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === 'vigil.push-subscription-changed')
      void refreshPush().catch((err: unknown) => console.warn('push subscription not re-saved', err));
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
