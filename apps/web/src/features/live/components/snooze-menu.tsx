import * as Menu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-context.ts';
import { formatClock } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useErrorText } from '../../../lib/use-error-text.ts';
import { liveCamerasQuery, snoozeCamera } from '../api.ts';
import { MenuContent } from '../../../components/ui/menu-content.tsx';
import { StrokeIcon } from './stroke-icon.tsx';

/** How long a busy scene can be quieted from its tile, in minutes. */
const CHOICES = [15, 60, 240, 480] as const;

/**
 * The tile's bell: snooze this camera's notifications to people for a while (webhooks and MQTT
 * still receive), or end the snooze. Operators, managers and owners; viewers only see the badge.
 */
export function SnoozeMenu({
  camera,
}: {
  camera: { id: string; name: string; notificationsSnoozedUntil?: string | null };
}) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const until = camera.notificationsSnoozedUntil ? Date.parse(camera.notificationsSnoozedUntil) : null;
  const snoozed = until !== null && until > Date.now();
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
  if (!session.hasAnyRole(['operator', 'manager', 'admin'])) return null;
  const label = snoozed
    ? t('live.snooze.labelSnoozed', {
        name: camera.name,
        time: formatClock(until!, timeZone, i18n.language, { seconds: false }),
      })
    : t('live.snooze.label', { name: camera.name });
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={label}
        title={label}
        data-testid="snooze-trigger"
        className="flex h-9 min-w-9 items-center justify-center rounded bg-black/60 px-2 text-white hover:bg-black/80 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
      >
        <BellIcon off={snoozed} />
      </Menu.Trigger>
      <MenuContent className="min-w-48 text-sm">
        <Menu.Label className="px-2 py-1.5 font-semibold text-fg">{t('live.snooze.title')}</Menu.Label>
        {CHOICES.map((m) => (
          <Menu.Item
            key={m}
            onSelect={() => snooze.mutate(m)}
            className="cursor-pointer rounded px-2 py-1.5 text-fg outline-none data-[highlighted]:bg-sunken"
          >
            {m < 60 ? t('live.snooze.minutes', { count: m }) : t('live.snooze.hours', { count: m / 60 })}
          </Menu.Item>
        ))}
        {snoozed && (
          <>
            <Menu.Separator className="my-1 h-px bg-line" />
            <Menu.Item
              onSelect={() => snooze.mutate(0)}
              className="cursor-pointer rounded px-2 py-1.5 text-fg outline-none data-[highlighted]:bg-sunken"
            >
              {t('live.snooze.end')}
            </Menu.Item>
          </>
        )}
      </MenuContent>
    </Menu.Root>
  );
}

function BellIcon({ off }: { off: boolean }) {
  return (
    <StrokeIcon roundCaps>
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 21h4" />
      {off && <path d="M3 3l18 18" />}
    </StrokeIcon>
  );
}
