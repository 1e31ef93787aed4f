import { isSafeRedirect } from './routes.ts';

/**
 * The installed app's own links: `web+vigil:event/<id>` (also camera/, task/) in a mail, push or SMS
 * opens the app at that object. The PWA registers the scheme (manifest `protocol_handlers`), and the
 * browser hands the whole link to `/open?target=%s`.
 */
export const APP_LINK_SCHEME = 'web+vigil';
export const APP_LINK_KINDS = ['event', 'camera', 'task'] as const;
export type AppLinkKind = (typeof APP_LINK_KINDS)[number];

/** Where each kind of object opens: the pages the https links of mail already open. */
const PAGE_OF: Record<AppLinkKind, (id: string) => string> = {
  event: (id) => `/viewer/events?id=${id}`,
  camera: (id) => `/viewer/live?camera=${id}`,
  task: (id) => `/operator/tasks?id=${id}`,
};

/** Ids are UUIDs or similar tokens: nothing that could carry a path, a query or a scheme. */
const LINK = /^web\+vigil:(?:\/\/)?(event|camera|task)\/([A-Za-z0-9_-]{1,64})\/?$/i;

export const appLink = (kind: AppLinkKind, id: string): string => `${APP_LINK_SCHEME}:${kind}/${id}`;

/**
 * The in-app path a link opens, or null for anything else. Strict, so `/open` is never an open
 * redirect: a `web+vigil:` link of a known kind and a plain id, or an http(s) link of this very
 * origin (a plain link pasted into the handler keeps working) whose path stays inside the app.
 */
export function appLinkPath(target: unknown, origin: string): string | null {
  if (typeof target !== 'string' || target.length > 2048) return null;
  const value = target.trim();
  const link = LINK.exec(value);
  if (link) return PAGE_OF[link[1]!.toLowerCase() as AppLinkKind](link[2]!);
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSafeRedirect(path) && !path.startsWith('/open') ? path : null;
}
