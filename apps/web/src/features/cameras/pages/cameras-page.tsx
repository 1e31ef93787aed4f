import type { Camera } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { TOPIC_CAMERAS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { camerasKey, camerasQuery, useDeleteCamera, useUpdateCamera } from '../api.ts';
import { CameraCard } from '../components/camera-card.tsx';
import { CameraDialog } from '../components/camera-dialog.tsx';
import { LimitBanner } from '../components/limit-banner.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import '../translations.ts';

type Editing = { mode: 'add' } | { mode: 'edit'; camera: Camera } | null;

export function CamerasPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const session = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(camerasQuery);
  const update = useUpdateCamera();
  const remove = useDeleteCamera();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Camera | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  // Owners count as managers (DESIGN §2); viewers and operators only look.
  const canEdit = session.hasAnyRole(['manager', 'admin']);
  const errorText = useErrorText();

  // The recorder reports status, and teammates edit: either way the list re-reads itself.
  useRealtimeEvent(TOPIC_CAMERAS, () => void queryClient.invalidateQueries({ queryKey: camerasKey }));

  const toggle = (camera: Camera) =>
    update.mutate(
      { id: camera.id, patch: { enabled: !camera.enabled } },
      {
        onSuccess: (c) => toast({ kind: 'success', text: t(c.enabled ? 'cameras.enabled' : 'cameras.disabled') }),
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ kind: 'success', text: t('cameras.deleted') });
        setLimitHit(false);
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  const cameras = query.data ?? [];
  const owner = session.me?.workspace.ownerId === session.user?.uid;
  return (
    <>
      <PageHeader
        title={t('pages.viewer.cameras')}
        description={t('pages.viewer.cameras.desc')}
        actions={canEdit && <Button onClick={() => setEditing({ mode: 'add' })}>{t('cameras.add')}</Button>}
      />
      {limitHit && (
        <div className="mb-4">
          <LimitBanner max={owner ? (session.me?.user.limits.maxCameras ?? null) : null} />
        </div>
      )}
      {!canEdit && <p className="mb-4 text-sm text-muted">{t('cameras.readOnly')}</p>}
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : query.isError ? (
        <Banner tone="error">{errorText(query.error)}</Banner>
      ) : cameras.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-center text-muted">
          {t(canEdit ? 'cameras.emptyEditor' : 'cameras.empty')}
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t('cameras.count', { count: cameras.length })}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('pages.viewer.cameras')}>
            {cameras.map((c) => (
              <CameraCard
                key={c.id}
                camera={c}
                canEdit={canEdit}
                busy={update.isPending && update.variables?.id === c.id}
                onEdit={() => setEditing({ mode: 'edit', camera: c })}
                onToggle={() => toggle(c)}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </ul>
        </>
      )}
      {editing && (
        <CameraDialog
          key={editing.mode === 'edit' ? editing.camera.id : 'add'}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          camera={editing.mode === 'edit' ? editing.camera : undefined}
          onLimit={() => setLimitHit(true)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('cameras.confirmDelete.title', { name: deleting?.name ?? '' })}
        description={t('cameras.confirmDelete.body')}
        confirmLabel={t('cameras.delete')}
        cancelLabel={t('cameras.cancel')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
