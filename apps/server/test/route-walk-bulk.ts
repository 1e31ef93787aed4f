import { type TestApp, bearer } from './harness.ts';
import { grantPlan } from './helpers.ts';

/**
 * The authorization walk's objects for the bulk operations routes: both workspaces on the
 * vms plan (so the walk reaches the object, not the plan gate), an operation in each over its own
 * camera. A connection test: nothing runs here, and it would change nothing if it did.
 */
export interface BulkObjects {
  bulkOperations: { own: string; foreign: string };
}

export async function seedBulkObjects(
  t: TestApp,
  own: { token: string; workspaceId: string; camera: string },
  foreign: { token: string; workspaceId: string; camera: string },
): Promise<BulkObjects> {
  const operation = async (who: typeof own) => {
    await grantPlan(t.databaseUrl, who.workspaceId, 'vms');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bulk-operations',
      headers: bearer(who.token),
      payload: { cameraIds: [who.camera], change: { kind: 'test-connection' } },
    });
    if (res.statusCode !== 201) throw new Error(`bulk operation not created: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  return { bulkOperations: { own: await operation(own), foreign: await operation(foreign) } };
}

export const BULK_FIXTURES: Record<string, (w: BulkObjects) => { url: string; foreignUrl?: string }> = {
  'GET /api/v1/bulk-operations/:id': (w) => ({
    url: `/api/v1/bulk-operations/${w.bulkOperations.own}`,
    foreignUrl: `/api/v1/bulk-operations/${w.bulkOperations.foreign}`,
  }),
};
