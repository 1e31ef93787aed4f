import type { FastifyInstance } from 'fastify';
import { bearer } from './harness.ts';
import { withPg } from './helpers.ts';

/**
 * Makes a person a member of another workspace and moves their sessions there, directly in
 * PostgreSQL (what an accepted invitation and the switcher do), for tests of a member's rights.
 */
export function joinWorkspace(
  databaseUrl: string,
  m: { uid: string; workspaceId: string; role: 'manager' | 'operator' | 'viewer'; cameraIds?: string[] | null },
): Promise<unknown> {
  return withPg(databaseUrl, async (c) => {
    await c.query(
      `insert into memberships (workspace_id, user_id, role, camera_ids) values ($1, $2, $3, $4)
       on conflict (workspace_id, user_id) do update set role = excluded.role, camera_ids = excluded.camera_ids`,
      [m.workspaceId, m.uid, m.role, m.cameraIds ?? null],
    );
    await c.query('update sessions set workspace_id = $1 where user_id = $2', [m.workspaceId, m.uid]);
  });
}

/** Creates an API key through the API as `token`'s person; returns the answer (with the key). */
export async function createKey(
  app: FastifyInstance,
  token: string,
  body: { name: string; role: string; expiresAt?: string | null },
): Promise<{ id: string; key: string; prefix: string; role: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/api-keys', headers: bearer(token), payload: body });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
