/**
 * The authorization walk's fixtures for the per-member camera access work: the
 * workspace settings route. An empty patch is a valid no-op, so the owner's own call succeeds and
 * another workspace's must hide.
 */
export interface ScopeObjects {
  own: { workspaceId: string };
  foreign: { workspaceId: string };
}

export const SCOPE_FIXTURES: Record<string, (w: ScopeObjects) => { url: string; foreignUrl?: string }> = {
  'PATCH /api/v1/workspaces/:id': (w) => ({
    url: `/api/v1/workspaces/${w.own.workspaceId}`,
    foreignUrl: `/api/v1/workspaces/${w.foreign.workspaceId}`,
  }),
};
