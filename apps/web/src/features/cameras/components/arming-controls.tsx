import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Camera } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { ARM_DURATIONS, armingBadge } from '../arming-model.ts';
import type { ArmInput } from '../api.ts';
import { MenuContent } from '../../../components/ui/menu-content.tsx';

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

const itemClass =
  'flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-fg outline-none data-[highlighted]:bg-sunken';

/** Arm or disarm by hand for a while, or follow the schedule again (editors only). */
export function ArmingMenu({ camera, busy, onArm }: { camera: Camera; busy: boolean; onArm(input: ArmInput): void }) {
  const { t } = useTranslation();
  const hours = (minutes: number) => ({ count: minutes / 60 });
  return (
    <Menu.Root>
      <Menu.Trigger
        className={buttonClass('secondary')}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={t('cameras.arming.menuNamed', { name: camera.name })}
      >
        {t('cameras.arming.menu')}
        <span aria-hidden="true">▾</span>
      </Menu.Trigger>
      <MenuContent align="start" collisionPadding={8} className="min-w-52">
        {ARM_DURATIONS.map((minutes) => (
          <Menu.Item key={`arm${minutes}`} className={itemClass} onSelect={() => onArm({ armed: true, minutes })}>
            {t('cameras.arming.armHours', hours(minutes))}
          </Menu.Item>
        ))}
        <Menu.Separator className="my-1 h-px bg-line" />
        {ARM_DURATIONS.map((minutes) => (
          <Menu.Item key={`dis${minutes}`} className={itemClass} onSelect={() => onArm({ armed: false, minutes })}>
            {t('cameras.arming.disarmHours', hours(minutes))}
          </Menu.Item>
        ))}
        {camera.armOverride && (
          <>
            <Menu.Separator className="my-1 h-px bg-line" />
            <Menu.Item className={itemClass} onSelect={() => onArm({ resume: true })}>
              {t(camera.scheduleId ? 'cameras.arming.resume' : 'cameras.arming.resumeAlways')}
            </Menu.Item>
          </>
        )}
      </MenuContent>
    </Menu.Root>
  );
}
