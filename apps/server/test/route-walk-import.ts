import { type TestApp, bearer } from './harness.ts';
import { grantPlan, withPg } from './helpers.ts';

/** A site straight in the table (the sites module has its own tests): its id. */
export async function insertSite(databaseUrl: string, workspaceId: string, name: string): Promise<string> {
  return withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ id: string }>(
      'insert into sites (workspace_id, name) values ($1, $2) returning id',
      [workspaceId, name],
    );
    return rows[0]!.id;
  });
}

/**
 * The authorization walk's objects for the camera import and discovery routes: a site and
 * an import of the `user` actor's workspace (put on the vms plan), and of another workspace.
 */
export interface ImportObjects {
  cameraImport: { sites: { own: string; foreign: string }; imports: { own: string; foreign: string } };
}

export async function seedImportObjects(
  t: TestApp,
  own: { token: string; workspaceId: string },
  foreign: { token: string; workspaceId: string },
): Promise<ImportObjects> {
  await grantPlan(t.databaseUrl, own.workspaceId, 'vms');
  await grantPlan(t.databaseUrl, foreign.workspaceId, 'vms');
  const sites = {
    own: await insertSite(t.databaseUrl, own.workspaceId, 'Walk site'),
    foreign: await insertSite(t.databaseUrl, foreign.workspaceId, 'Foreign walk site'),
  };
  // Only refused lines: the import is done at once, and no job is needed.
  const start = async (token: string, siteId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sites/${siteId}/cameras/import`,
      headers: bearer(token),
      payload: { csv: 'Walk cam,ftp://10.0.0.1/x' },
    });
    if (res.statusCode !== 201) throw new Error(`import not started: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  return {
    cameraImport: {
      sites,
      imports: { own: await start(own.token, sites.own), foreign: await start(foreign.token, sites.foreign) },
    },
  };
}

const importUrl = (w: ImportObjects, suffix = '') => ({
  url: `/api/v1/camera-imports/${w.cameraImport.imports.own}${suffix}`,
  foreignUrl: `/api/v1/camera-imports/${w.cameraImport.imports.foreign}${suffix}`,
});

export const IMPORT_FIXTURES: Record<string, (w: ImportObjects) => { url: string; foreignUrl?: string }> = {
  // The empty body is invalid, so the own call fails validation: camera-import.test.ts checks the foreign site.
  'POST /api/v1/sites/:id/cameras/import': (w) => ({
    url: `/api/v1/sites/${w.cameraImport.sites.own}/cameras/import`,
  }),
  'GET /api/v1/camera-imports/:id': (w) => importUrl(w),
  'GET /api/v1/camera-imports/:id/results.csv': (w) => importUrl(w, '/results.csv'),
  // The empty body is a scan with no targets (multicast is off in tests): it answers at once.
  'POST /api/v1/sites/:id/discover': (w) => ({
    url: `/api/v1/sites/${w.cameraImport.sites.own}/discover`,
    foreignUrl: `/api/v1/sites/${w.cameraImport.sites.foreign}/discover`,
  }),
};
