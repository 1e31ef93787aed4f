import type { Camera } from '@vigil/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
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
import { browserTimeZone } from '../../../lib/format.ts';
import { type ArmInput, camerasKey, camerasQuery, useArmCamera, useDeleteCamera, useUpdateCamera } from '../api.ts';
import { nextArmingChange } from '../arming-model.ts';
import { CameraCard } from '../components/camera-card.tsx';
import { LIMIT_BANNER_ID, LimitBanner } from '../components/limit-banner.tsx';
import { useErrorText } from '../../../lib/use-error-text.ts';
import '../translations.ts';

// The dialogs (the camera form with its probe, the ONVIF add-by-address, the motion-zone editor)
// are opened by editors now and then, not on every visit: their code comes when one opens.
const CameraDialog = lazy(() => import('../components/camera-dialog.tsx').then((m) => ({ default: m.CameraDialog })));
const OnvifDialog = lazy(() => import('../components/onvif-dialog.tsx').then((m) => ({ default: m.OnvifDialog })));
const MotionDialog = lazy(() => import('../components/motion-dialog.tsx').then((m) => ({ default: m.MotionDialog })));

type Editing = { mode: 'add' } | { mode: 'onvif' } | { mode: 'edit'; camera: Camera } | null;

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
  const [motionOf, setMotionOf] = useState<string | null>(null);
  const arm = useArmCamera();
  // Owners count as managers (DESIGN §2); viewers and operators only look.
  const canEdit = session.hasAnyRole(['manager', 'admin']);
  const errorText = useErrorText();

  // The recorder reports status, and teammates edit: either way the list re-reads itself.
  useRealtimeEvent(TOPIC_CAMERAS, () => void queryClient.invalidateQueries({ queryKey: camerasKey }));

  // "Armed until 18:00" must not stay on screen at 18:01: re-read the list when the first change is due.
  const cameraList = query.data?.items;
  useEffect(() => {
    const wait = cameraList ? nextArmingChange(cameraList, Date.now()) : null;
    if (wait === null) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: camerasKey }), wait);
    return () => clearTimeout(timer);
  }, [cameraList, queryClient]);

  const armCamera = (camera: Camera, input: ArmInput) =>
    arm.mutate(
      { id: camera.id, input },
      {
        onSuccess: (c) =>
          toast({
            kind: 'success',
            text: t(
              'resume' in input
                ? 'cameras.arming.resumed'
                : c.armed
                  ? 'cameras.arming.armedToast'
                  : 'cameras.arming.disarmedToast',
              {
                name: c.name,
              },
            ),
          }),
        onError: (err) => toast({ kind: 'error', text: errorText(err) }),
      },
    );

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
        setDeleting(null);
      },
      onError: (err) => toast({ kind: 'error', text: errorText(err) }),
    });
  };

  const cameras = query.data?.items ?? [];
  const quota = query.data?.quota ?? null;
  // Every camera the plan allows is in use: Add is off, and the banner under it says why and what lifts it.
  const atLimit = canEdit && quota !== null && quota.used >= quota.max;
  const owner = session.me?.workspace.ownerId === session.user?.uid;
  const timeZone = session.me?.user.preferences.timezone ?? browserTimeZone();
  const motionCamera = cameras.find((c) => c.id === motionOf);
  return (
    <>
      <PageHeader
        title={t('pages.viewer.cameras')}
        description={t('pages.viewer.cameras.desc')}
        actions={
          canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => setEditing({ mode: 'onvif' })}
                disabled={atLimit}
                aria-describedby={atLimit ? LIMIT_BANNER_ID : undefined}
              >
                {t('cameras.onvif.open')}
              </Button>
              <Button
                onClick={() => setEditing({ mode: 'add' })}
                disabled={atLimit}
                aria-describedby={atLimit ? LIMIT_BANNER_ID : undefined}
              >
                {t('cameras.add')}
              </Button>
            </div>
          )
        }
      />
      {atLimit && (
        <div className="mb-4">
          <LimitBanner max={quota.max} owner={owner} />
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
            {quota
              ? t('cameras.usage', { used: quota.used, count: quota.max })
              : t('cameras.count', { count: cameras.length })}
          </p>
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('pages.viewer.cameras')}>
            {cameras.map((c) => (
              <CameraCard
                key={c.id}
                camera={c}
                canEdit={canEdit}
                busy={update.isPending && update.variables?.id === c.id}
                armBusy={arm.isPending && arm.variables?.id === c.id}
                timeZone={timeZone}
                onEdit={() => setEditing({ mode: 'edit', camera: c })}
                onMotion={() => setMotionOf(c.id)}
                onArm={(input) => armCamera(c, input)}
                onToggle={() => toggle(c)}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </ul>
        </>
      )}
      <Suspense fallback={null}>
        {editing?.mode === 'onvif' && (
          <OnvifDialog
            onOpenChange={(open) => !open && setEditing(null)}
            onLimit={() => void queryClient.invalidateQueries({ queryKey: camerasKey })}
          />
        )}
        {editing && editing.mode !== 'onvif' && (
          <CameraDialog
            key={editing.mode === 'edit' ? editing.camera.id : 'add'}
            open
            onOpenChange={(open) => !open && setEditing(null)}
            camera={editing.mode === 'edit' ? editing.camera : undefined}
            onLimit={() => void queryClient.invalidateQueries({ queryKey: camerasKey })}
          />
        )}
        {motionCamera && (
          <MotionDialog
            key={motionCamera.id}
            camera={motionCamera}
            onOpenChange={(open) => !open && setMotionOf(null)}
          />
        )}
      </Suspense>
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
