import type { Site } from '@vigil/shared';
import { queryOptions } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const vmsDashboardKey = ['vms-dashboard'] as const;

export interface SiteOverview {
  /** Most attention first (the server's order). */
  items: Site[];
  tags: string[];
  /** The installation's tile template; null: no map, no tiles fetched. */
  mapTileUrl: string | null;
}

/** Every site the person may see: its own query (features never import each other). */
export const siteOverviewQuery = (tag: string) =>
  queryOptions({
    queryKey: [...vmsDashboardKey, 'sites', tag],
    queryFn: async () =>
      unwrap(await request<SiteOverview>('GET', `/api/v1/sites${tag ? `?${new URLSearchParams({ tag })}` : ''}`)),
    placeholderData: (previous) => previous,
    retry: false,
  });

export interface Totals {
  sites: number;
  cameras: number;
  online: number;
  offline: number;
  openAlerts: number;
  storageBytes: number;
}

/** The figures across the listed sites (the top of the dashboard). */
export function totalsOf(sites: readonly Site[]): Totals {
  const out: Totals = {
    sites: sites.length,
    cameras: 0,
    online: 0,
    offline: 0,
    openAlerts: 0,
    storageBytes: 0,
  };
  for (const s of sites) {
    out.cameras += s.counts.cameras;
    out.online += s.counts.online;
    out.offline += s.counts.offline;
    out.openAlerts += s.counts.openAlerts;
    out.storageBytes += s.counts.storageBytes;
  }
  return out;
}
