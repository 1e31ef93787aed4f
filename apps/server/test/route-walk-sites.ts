import { type TestApp, bearer } from './harness.ts';
import { grantPlan } from './helpers.ts';

/**
 * The authorization walk's objects and fixtures for the site routes: both workspaces are
 * put on the vms plan (the routes' gate), the `user` actor's workspace gets a site (and one for
 * DELETE to spend), the other workspace one of its own.
 */
export interface SiteObjects {
  sites: { own: string; ownDoomed: string; foreign: string };
}

export async function seedSiteObjects(
  t: TestApp,
  own: { token: string; workspaceId: string },
  foreign: { token: string; workspaceId: string },
): Promise<SiteObjects> {
  await grantPlan(t.databaseUrl, own.workspaceId, 'vms');
  await grantPlan(t.databaseUrl, foreign.workspaceId, 'vms');
  const site = async (token: string, name: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sites', headers: bearer(token), payload: { name } });
    if (res.statusCode !== 201) throw new Error(`site not created: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  return {
    sites: {
      own: await site(own.token, 'Own site'),
      ownDoomed: await site(own.token, 'Own site to delete'),
      foreign: await site(foreign.token, 'Foreign site'),
    },
  };
}

const siteUrl = (w: SiteObjects, id: 'own' | 'ownDoomed', suffix = '') => ({
  url: `/api/v1/sites/${w.sites[id]}${suffix}`,
  foreignUrl: `/api/v1/sites/${w.sites.foreign}${suffix}`,
});

export const SITE_FIXTURES: Record<string, (w: SiteObjects) => { url: string; foreignUrl?: string }> = {
  'GET /api/v1/sites/:id': (w) => siteUrl(w, 'own'),
  'GET /api/v1/sites/:id/access': (w) => siteUrl(w, 'own', '/access'),
  'DELETE /api/v1/sites/:id': (w) => siteUrl(w, 'ownDoomed'),
  // The empty bodies are invalid, so the own calls fail validation: sites.test.ts checks the foreign site.
  'PATCH /api/v1/sites/:id': (w) => ({ url: `/api/v1/sites/${w.sites.own}` }),
  'POST /api/v1/sites/:id/cameras': (w) => ({ url: `/api/v1/sites/${w.sites.own}/cameras` }),
  'PUT /api/v1/sites/:id/access': (w) => ({ url: `/api/v1/sites/${w.sites.own}/access` }),
};
