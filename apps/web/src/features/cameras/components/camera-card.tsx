import { type Camera, MOTION_POST_ROLL_SECONDS, MOTION_PRE_ROLL_SECONDS } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import type { ArmInput } from '../api.ts';
import { deliveryFor } from '../../../lib/browser-codec.ts';
import { soundSummary, videoSummary } from '../form-model.ts';
import { ArmingBadge, ArmingMenu } from './arming-controls.tsx';
import { failureText } from './failure-text.ts';
import { StatusBadge } from './status-badge.tsx';

export interface CameraCardProps {
  camera: Camera;
  canEdit: boolean;
  busy: boolean;
  armBusy: boolean;
  /** The user's time zone, for "Armed until 18:00". */
  timeZone: string;
  onEdit(): void;
  onMotion(): void;
  onArm(input: ArmInput): void;
  onToggle(): void;
  onDelete(): void;
}

/** One camera: what it is, how it is doing, and (for editors) what can be done to it. */
export function CameraCard(props: CameraCardProps) {
  const { camera, canEdit, busy, onEdit, onToggle, onDelete } = props;
  const { t } = useTranslation();
  const lastError = camera.lastError ? failureText(t, camera.lastError) : null;
  const source = camera.source.type === 'test-pattern' ? t('cameras.testPatternSource') : camera.source.url;
  const named = { name: camera.name };
  const video = videoSummary(camera.video);
  const sound =
    camera.source.type !== 'rtsp'
      ? null
      : camera.recordSound
        ? soundSummary(camera.audio)
        : { key: 'cameras.sound.off', params: {} };
  const roll = { pre: MOTION_PRE_ROLL_SECONDS, post: MOTION_POST_ROLL_SECONDS };
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4" data-testid="camera-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-fg">{camera.name}</h2>
        <div className="flex flex-wrap justify-end gap-1.5">
          <StatusBadge status={camera.status} />
          <ArmingBadge camera={camera} timeZone={props.timeZone} />
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('cameras.col.source')}</dt>
        <dd className="min-w-0 break-all text-fg">
          <span className="mr-1 rounded bg-sunken px-1.5 py-0.5 text-xs">
            {t(`cameras.type.${camera.source.type}`)}
          </span>
          {source}
        </dd>
        <dt className="text-muted">{t('cameras.col.recording')}</dt>
        <dd className="text-fg">
          {camera.recordingMode === 'motion'
            ? t('cameras.mode.motionRoll', roll)
            : t(`cameras.mode.${camera.recordingMode}`)}
        </dd>
        <dt className="text-muted">{t('cameras.col.retention')}</dt>
        <dd className="text-fg">{t('cameras.retentionDays', { count: camera.retentionDays })}</dd>
        {video && (
          <>
            <dt className="text-muted">{t('cameras.col.video')}</dt>
            <dd className="text-fg" data-testid="camera-video">
              {t(video.key, video.params)}
            </dd>
            <dt className="text-muted">{t('cameras.col.browser')}</dt>
            <dd className="text-fg" data-testid="camera-delivery">
              {t(`video.delivery.${deliveryFor(camera.video.codecString)}`)}
            </dd>
          </>
        )}
        {sound && (
          <>
            <dt className="text-muted">{t('cameras.col.sound')}</dt>
            <dd className="text-fg" data-testid="camera-sound">
              {t(sound.key, sound.params)}
            </dd>
          </>
        )}
      </dl>
      {lastError && camera.status !== 'online' && (
        <p className="text-sm text-danger">{t('cameras.lastError', { error: lastError })}</p>
      )}
      {canEdit && (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onEdit} aria-label={t('cameras.editNamed', named)}>
            {t('cameras.edit')}
          </Button>
          <Button variant="secondary" onClick={props.onMotion} aria-label={t('cameras.motion.openNamed', named)}>
            {t('cameras.motion.open')}
          </Button>
          <ArmingMenu camera={camera} busy={props.armBusy} onArm={props.onArm} />
          <Button
            variant="secondary"
            busy={busy}
            onClick={onToggle}
            aria-label={t(camera.enabled ? 'cameras.disableNamed' : 'cameras.enableNamed', named)}
          >
            {t(camera.enabled ? 'cameras.disable' : 'cameras.enable')}
          </Button>
          <Button
            variant="ghost"
            className="text-danger"
            onClick={onDelete}
            aria-label={t('cameras.deleteNamed', named)}
          >
            {t('cameras.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
