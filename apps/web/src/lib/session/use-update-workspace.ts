import type { UpdateWorkspaceInput, Workspace } from '@vigil/shared';
import { useMutation } from '@tanstack/react-query';
import { request, unwrap } from '../api-client.ts';
import { useSession } from './session-context.ts';

/**
 * The workspace's settings (owners and managers): the answer replaces the session's copy. Shared by
 * the pages that hold a setting (Settings: exports by viewers; Schedules: new cameras' motion alerts).
 */
export function useUpdateWorkspace() {
  const { me, setMe } = useSession();
  return useMutation({
    mutationFn: async (input: UpdateWorkspaceInput) =>
      unwrap(await request<Workspace>('PATCH', `/api/v1/workspaces/${me?.workspace.id}`, input)),
    onSuccess: (workspace) => {
      if (me) setMe({ ...me, workspace });
    },
  });
}
