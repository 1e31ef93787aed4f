import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/ui/switch-field.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useUpdateWorkspace } from '../../../lib/session/use-update-workspace.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';

/**
 * Whether a camera added from now on starts with motion alerts on: beside the schedules, since
 * both decide when a camera alerts. A test pattern always starts quiet; each camera's own
 * "Motion & alerts" still turns them on or off.
 */
export function NewCameraAlertsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const { me } = useSession();
  const update = useUpdateWorkspace();
  if (!me) return null;
  const on = update.isPending ? Boolean(update.variables?.newCameraMotionAlerts) : me.workspace.newCameraMotionAlerts;
  return (
    <section aria-labelledby="schedules-new-cameras" className="mb-6 rounded-lg border border-line bg-surface p-4">
      <h2 id="schedules-new-cameras" className="text-lg font-semibold text-fg">
        {t('schedules.newCameras.title')}
      </h2>
      <SwitchField
        label={t('schedules.newCameras.motionAlerts')}
        description={t('schedules.newCameras.hint')}
        checked={on}
        disabled={!canEdit || update.isPending}
        onCheckedChange={(newCameraMotionAlerts) =>
          update.mutate(
            { newCameraMotionAlerts },
            {
              onSuccess: () =>
                toast({
                  kind: 'success',
                  text: t(newCameraMotionAlerts ? 'schedules.newCameras.on' : 'schedules.newCameras.off'),
                }),
              onError: (err) => toast({ kind: 'error', text: errorText(err) }),
            },
          )
        }
      />
    </section>
  );
}
