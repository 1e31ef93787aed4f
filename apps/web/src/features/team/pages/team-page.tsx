import type { Member } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { TOPIC_TEAM } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { invitationsQuery, membersQuery, teamKey, useRemoveMember, useUpdateMember } from '../api.ts';
import { CameraAccessDialog } from '../components/camera-access-dialog.tsx';
import { InvitationsList } from '../components/invitations-list.tsx';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { MemberCard } from '../components/member-card.tsx';
import { roleLabel } from '../components/role-label.ts';
import { TransferDialog } from '../components/transfer-dialog.tsx';
import '../translations.ts';

export function TeamPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const session = useSession();
  const queryClient = useQueryClient();
  const members = useQuery(membersQuery);
  const invitations = useQuery(invitationsQuery);
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [scoping, setScoping] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  useRealtimeEvent(TOPIC_TEAM, () => void queryClient.invalidateQueries({ queryKey: teamKey }));

  const me = session.user;
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const isOwner = session.me?.workspace.ownerId === me?.uid;
  const manageAll = isOwner || session.hasRole('admin');
  const canChange = (m: Member) =>
    m.role !== 'owner' && m.userId !== me?.uid && (manageAll || m.role === 'operator' || m.role === 'viewer');

  const items = members.data ?? [];
  return (
    <>
      <PageHeader
        title={t('pages.manager.team')}
        description={t('team.description')}
        actions={
          <div className="flex flex-wrap gap-2">
            {isOwner && (
              <Button variant="secondary" onClick={() => setTransferring(true)}>
                {t('team.transfer')}
              </Button>
            )}
            <Button onClick={() => setInviting(true)}>{t('team.invite')}</Button>
          </div>
        }
      />
      {members.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : members.isError ? (
        <Banner tone="error">{errorText(members.error)}</Banner>
      ) : (
        <section aria-labelledby="team-members" className="mb-8">
          <h2 id="team-members" className="mb-3 text-lg font-semibold text-fg">
            {t('team.members')}{' '}
            <span className="text-sm font-normal text-muted">{t('team.count', { count: items.length })}</span>
          </h2>
          <ul className="grid gap-3">
            {items.map((m) => (
              <MemberCard
                key={m.userId}
                member={m}
                isSelf={m.userId === me?.uid}
                canChange={canChange(m)}
                timeZone={timeZone}
                busy={update.isPending && update.variables?.userId === m.userId}
                onRole={(role) =>
                  update.mutate(
                    { userId: m.userId, patch: { role } },
                    {
                      onSuccess: () =>
                        toast({
                          kind: 'success',
                          text: t('team.roleChanged', { name: m.displayName, role: roleLabel(t, role) }),
                        }),
                      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
                    },
                  )
                }
                onCameras={() => setScoping(m)}
                onRemove={() => setRemoving(m)}
              />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="team-invitations">
        <h2 id="team-invitations" className="mb-3 text-lg font-semibold text-fg">
          {t('team.invitations')}
        </h2>
        {invitations.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : invitations.isError ? (
          <Banner tone="error">{errorText(invitations.error)}</Banner>
        ) : (
          <InvitationsList items={invitations.data} timeZone={timeZone} />
        )}
      </section>
      <InviteDialog open={inviting} onOpenChange={setInviting} />
      {scoping && <CameraAccessDialog member={scoping} onClose={() => setScoping(null)} />}
      {transferring && (
        <TransferDialog managers={items.filter((m) => m.role === 'manager')} onClose={() => setTransferring(false)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('team.removeTitle', { name: removing?.displayName ?? '' })}
        description={t('team.removeBody')}
        confirmLabel={t('team.remove')}
        cancelLabel={t('team.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const name = removing.displayName;
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast({ kind: 'success', text: t('team.removed', { name }) });
              setRemoving(null);
            },
            onError: (err) => toast({ kind: 'error', text: errorText(err) }),
          });
        }}
      />
    </>
  );
}
