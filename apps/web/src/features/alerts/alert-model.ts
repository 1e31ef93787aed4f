import type { AlertCenter } from '@vigil/shared';

export type AlertItem = AlertCenter['items'][number];

/** The bell's badge: the count, "99+" past 99 (the server counts up to 100). */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? '99+' : String(unread);
}

/**
 * Alerts to announce with a toast: unread ones not seen before, newest first, at most three
 * (a burst says "and N more" in the bell instead). The first answer only marks what exists.
 */
export function freshAlerts(items: readonly AlertItem[], seen: Set<string>, first: boolean): AlertItem[] {
  const fresh = items.filter((i) => !seen.has(i.id) && !i.read);
  for (const i of items) seen.add(i.id);
  return first ? [] : fresh.slice(0, 3);
}

/** Where an alert opens: the events page with that event's dialog. */
export function eventLink(id: string): string {
  return `/viewer/events?id=${encodeURIComponent(id)}`;
}
