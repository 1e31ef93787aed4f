import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Camera } from '@vigil/shared';
import { useTranslation } from 'react-i18next';
import type { MenuPanelProps } from '../../../components/ui/lazy-menu.tsx';
import { MenuContent, MenuRoot } from '../../../components/ui/menu-content.tsx';
import type { ArmInput } from '../api.ts';
import { ARM_DURATIONS } from '../arming-model.ts';

const itemClass =
  'flex min-h-10 cursor-pointer items-center rounded px-3 text-sm text-fg outline-none data-[highlighted]:bg-sunken';

/** The arming menu's choices, loaded when an editor first opens one (arming-controls.tsx holds its trigger). */
export function ArmingMenuPanel({
  trigger,
  opening,
  camera,
  busy,
  onArm,
}: MenuPanelProps & { camera: Camera; busy: boolean; onArm(input: ArmInput): void }) {
  const { t } = useTranslation();
  const hours = (minutes: number) => ({ count: minutes / 60 });
  return (
    <MenuRoot opening={opening}>
      <Menu.Trigger asChild disabled={busy}>
        {trigger}
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
    </MenuRoot>
  );
}
