import type { Invitation, InvitationPreview, Me, Member, MemberRole, MyWorkspace } from '@vigil/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { request, unwrap } from '../../lib/api-client.ts';

export const teamKey = ['team'] as const;

export const membersQuery = queryOptions({
  queryKey: [...teamKey, 'members'],
  queryFn: async () => unwrap(await request<{ items: Member[] }>('GET', '/api/v1/team/members')).items,
});

export const invitationsQuery = queryOptions({
  queryKey: [...teamKey, 'invitations'],
  queryFn: async () => unwrap(await request<{ items: Invitation[] }>('GET', '/api/v1/team/invitations')).items,
});

/** The cameras a member can be limited to (names only). */
export const cameraNamesQuery = queryOptions({
  queryKey: [...teamKey, 'cameras'],
  queryFn: async () =>
    unwrap(await request<{ items: { id: string; name: string }[] }>('GET', '/api/v1/cameras?limit=100')).items,
});

/** The sites a member can be limited to (the vms plan; other workspaces have none to offer). */
export const siteNamesQuery = queryOptions({
  queryKey: [...teamKey, 'sites'],
  queryFn: async () =>
    unwrap(await request<{ items: { id: string; name: string }[] }>('GET', '/api/v1/sites')).items.sort((a, b) =>
      a.name.localeCompare(b.name),
    ),
});

export const myWorkspacesQuery = queryOptions({
  queryKey: [...teamKey, 'workspaces'],
  queryFn: async () => unwrap(await request<{ items: MyWorkspace[] }>('GET', '/api/v1/team/workspaces')).items,
});

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: [...teamKey, 'preview', token],
    queryFn: async () =>
      unwrap(
        await request<InvitationPreview>('GET', `/api/v1/team/invitations/preview?token=${encodeURIComponent(token)}`),
      ),
    retry: false,
  });

/** Every team write re-reads the lists; the realtime `team` topic does the same for teammates' writes. */
function useTeamMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }) });
}

export const useInvite = () =>
  useTeamMutation(async (input: { email: string; role: MemberRole }) =>
    unwrap(await request<Invitation>('POST', '/api/v1/team/invitations', input)),
  );
export const useResendInvitation = () =>
  useTeamMutation(async (id: string) =>
    unwrap(await request<Invitation>('POST', `/api/v1/team/invitations/${encodeURIComponent(id)}/resend`)),
  );
export const useRevokeInvitation = () =>
  useTeamMutation(async (id: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/team/invitations/${encodeURIComponent(id)}`)),
  );
export const useUpdateMember = () =>
  useTeamMutation(
    async ({
      userId,
      patch,
    }: {
      userId: string;
      patch: { role?: MemberRole; cameraIds?: string[] | null; siteIds?: string[] | null };
    }) => unwrap(await request<Member>('PATCH', `/api/v1/team/members/${encodeURIComponent(userId)}`, patch)),
  );
export const useRemoveMember = () =>
  useTeamMutation(async (userId: string) =>
    unwrap(await request<undefined>('DELETE', `/api/v1/team/members/${encodeURIComponent(userId)}`)),
  );
export const useTransferOwnership = () =>
  useTeamMutation(async (input: { userId: string; password: string }) =>
    unwrap(await request<undefined>('POST', '/api/v1/team/ownership', input)),
  );

export async function acceptInvitation(token: string) {
  return unwrap(
    await request<{ workspaceId: string; workspaceName: string; role: MemberRole }>(
      'POST',
      '/api/v1/team/invitations/accept',
      { token },
    ),
  );
}

export async function switchWorkspace(workspaceId: string): Promise<Me> {
  return unwrap(await request<Me>('POST', '/api/v1/team/switch', { workspaceId }));
}
