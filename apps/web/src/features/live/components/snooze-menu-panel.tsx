import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuPanelProps } from '../../../components/ui/lazy-menu.tsx';
import { MenuContent, MenuRoot } from '../../../components/ui/menu-content.tsx';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatClock } from '../../../lib/format.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { liveCamerasQuery, snoozeCamera } from '../api.ts';

/** How long a busy scene can be quieted from its tile, in minutes. */
const CHOICES = [15, 60, 240, 480] as const;

const ITEM = 'cursor-pointer rounded px-2 py-1.5 text-fg outline-none data-[highlighted]:bg-sunken';

/** The snooze choices, loaded when the tile's bell is first opened (snooze-menu.tsx holds the bell). */
export function SnoozeMenuPanel({
  trigger,
  opening,
  camera,
  snoozed,
  timeZone,
}: MenuPanelProps & { camera: { id: string; name: string }; snoozed: boolean; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const snooze = useMutation({
    mutationFn: (minutes: number) => snoozeCamera(camera.id, minutes),
    onSuccess: (c, minutes) => {
      void queryClient.invalidateQueries({ queryKey: liveCamerasQuery.queryKey });
      const at = c.notificationsSnoozedUntil
        ? formatClock(Date.parse(c.notificationsSnoozedUntil), timeZone, i18n.language, { seconds: false })
        : '';
      toast({
        kind: 'success',
        text: minutes
          ? t('live.snooze.done', { name: camera.name, time: at })
          : t('live.snooze.ended', { name: camera.name }),
      });
    },
    onError: (err) => toast({ kind: 'error', text: errorText(err) }),
  });
  return (
    <MenuRoot opening={opening} modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <MenuContent className="min-w-48 text-sm">
        <Menu.Label className="px-2 py-1.5 font-semibold text-fg">{t('live.snooze.title')}</Menu.Label>
        {CHOICES.map((m) => (
          <Menu.Item key={m} onSelect={() => snooze.mutate(m)} className={ITEM}>
            {m < 60 ? t('live.snooze.minutes', { count: m }) : t('live.snooze.hours', { count: m / 60 })}
          </Menu.Item>
        ))}
        {snoozed && (
          <>
            <Menu.Separator className="my-1 h-px bg-line" />
            <Menu.Item onSelect={() => snooze.mutate(0)} className={ITEM}>
              {t('live.snooze.end')}
            </Menu.Item>
          </>
        )}
      </MenuContent>
    </MenuRoot>
  );
}
