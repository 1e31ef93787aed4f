import type {
  Camera,
  CreateSiteInput,
  Page,
  Schedule,
  Site,
  SiteAccess,
  SiteCamerasInput,
  SiteDetails,
  UpdateSiteInput,
  VigilEvent,
} from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const sitesKey = ['sites'] as const;

/** GET /api/v1/sites: most attention first, every tag in use, and the installation's map tiles. */
export interface SiteList {
  items: Site[];
  tags: string[];
  mapTileUrl: string | null;
}

export interface SiteListFilters {
  tag: string;
  q: string;
}

const sitePath = (id: string) => `/api/v1/sites/${encodeURIComponent(id)}`;

export const siteListQuery = (filters: SiteListFilters) =>
  queryOptions({
    queryKey: [...sitesKey, 'list', filters],
    queryFn: async () => {
      const params = new URLSearchParams();
      if (filters.tag) params.set('tag', filters.tag);
      if (filters.q.trim()) params.set('q', filters.q.trim());
      const qs = params.toString();
      return unwrap(await request<SiteList>('GET', `/api/v1/sites${qs ? `?${qs}` : ''}`));
    },
    placeholderData: (previous) => previous,
    retry: false,
  });

export const siteQuery = (id: string) =>
  queryOptions({
    queryKey: [...sitesKey, 'one', id],
    queryFn: async () => unwrap(await request<SiteDetails>('GET', sitePath(id))),
    retry: false,
  });

export const siteAccessQuery = (id: string) =>
  queryOptions({
    queryKey: [...sitesKey, 'access', id],
    queryFn: async () => unwrap(await request<SiteAccess>('GET', `${sitePath(id)}/access`)).members,
  });

/** Pages through every camera of the workspace (the picker must offer them all, not the first 100). */
const CAMERA_PAGES_MAX = 50;
export const allCamerasQuery = queryOptions({
  queryKey: [...sitesKey, 'cameras'],
  queryFn: async () => {
    const out: Camera[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < CAMERA_PAGES_MAX; i++) {
      const qs = new URLSearchParams({ limit: '100', ...(cursor ? { startAfter: cursor } : {}) });
      const page: Page<Camera> = unwrap(await request<Page<Camera>>('GET', `/api/v1/cameras?${qs}`));
      out.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return out;
  },
});

/** The workspace's schedules (a site's default): its own query, features never import each other. */
export const siteSchedulesQuery = queryOptions({
  queryKey: [...sitesKey, 'schedules'],
  queryFn: async () =>
    unwrap(await request<{ items: Pick<Schedule, 'id' | 'name'>[]; timeZone: string }>('GET', '/api/v1/schedules')),
});

export const RECENT_EVENTS = 10;

/** The latest events of the site's cameras, in one request (the events API filters by site). */
export const recentEventsQuery = (siteId: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...sitesKey, 'events', siteId],
    queryFn: async () => {
      const qs = new URLSearchParams({ siteId, limit: String(RECENT_EVENTS) });
      return unwrap(await request<Page<VigilEvent>>('GET', `/api/v1/events?${qs}`)).items;
    },
    enabled,
  });

/** Every write refreshes every sites query (list, details, access, cameras). */
function useSitesMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sitesKey }),
  });
}

export const useCreateSite = () =>
  useSitesMutation(async (input: CreateSiteInput) => unwrap(await request<Site>('POST', '/api/v1/sites', input)));

export const useUpdateSite = () =>
  useSitesMutation(async ({ id, patch }: { id: string; patch: UpdateSiteInput }) =>
    unwrap(await request<Site>('PATCH', sitePath(id), patch)),
  );

export const useDeleteSite = () =>
  useSitesMutation(async (id: string) => unwrap(await request<undefined>('DELETE', sitePath(id))));

export const useMoveCameras = () =>
  useSitesMutation(async ({ id, change }: { id: string; change: SiteCamerasInput }) =>
    unwrap(await request<unknown>('POST', `${sitePath(id)}/cameras`, change)),
  );

export const useSetSiteAccess = () =>
  useSitesMutation(async ({ id, userIds }: { id: string; userIds: string[] }) =>
    unwrap(await request<SiteAccess>('PUT', `${sitePath(id)}/access`, { userIds })),
  );
