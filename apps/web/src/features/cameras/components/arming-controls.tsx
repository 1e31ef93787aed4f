import type { Camera } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { LazyMenu } from '../../../components/ui/lazy-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import { armingBadge } from '../arming-model.ts';
import type { ArmInput } from '../api.ts';

/** Armed or not, until when, and whether by hand: written out, never colour alone. */
export function ArmingBadge({ camera, timeZone }: { camera: Camera; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const badge = armingBadge(camera, Date.now(), timeZone, i18n.language);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium',
        camera.armed ? 'bg-info-bg text-info-fg' : 'bg-sunken text-muted',
      )}
      data-testid="arming-badge"
      data-armed={camera.armed}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block h-2 w-2 rotate-45 bg-current',
          !camera.armed && 'bg-transparent ring-1 ring-current',
        )}
      />
      {t(badge.key, { when: badge.when })}
      {badge.manual && <span className="font-normal">{t('cameras.arming.manual')}</span>}
    </span>
  );
}

// The choices (Radix and its items) load when an editor first opens a camera's menu.
const loadPanel = () => import('./arming-menu-panel.tsx').then((m) => m.ArmingMenuPanel);

/** Arm or disarm by hand for a while, or follow the schedule again (editors only). */
export function ArmingMenu({ camera, busy, onArm }: { camera: Camera; busy: boolean; onArm(input: ArmInput): void }) {
  const { t } = useTranslation();
  return (
    <LazyMenu
      load={loadPanel}
      trigger={
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={t('cameras.arming.menuNamed', { name: camera.name })}
        >
          {t('cameras.arming.menu')}
          <span aria-hidden="true">▾</span>
        </button>
      }
      props={{ camera, busy, onArm }}
    />
  );
}
