import { useTranslation } from 'react-i18next';
import { LazyMenu } from '../../../components/ui/lazy-menu.tsx';
import { formatClock } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { StrokeIcon } from './stroke-icon.tsx';

// The choices (Radix and the snooze request) load when a tile's bell is first opened.
const loadPanel = () => import('./snooze-menu-panel.tsx').then((m) => m.SnoozeMenuPanel);

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
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const until = camera.notificationsSnoozedUntil ? Date.parse(camera.notificationsSnoozedUntil) : null;
  const snoozed = until !== null && until > Date.now();
  if (!session.hasAnyRole(['operator', 'manager', 'admin'])) return null;
  const label = snoozed
    ? t('live.snooze.labelSnoozed', {
        name: camera.name,
        time: formatClock(until!, timeZone, i18n.language, { seconds: false }),
      })
    : t('live.snooze.label', { name: camera.name });
  return (
    <LazyMenu
      load={loadPanel}
      trigger={
        <button
          type="button"
          aria-label={label}
          title={label}
          data-testid="snooze-trigger"
          className="flex h-9 min-w-9 items-center justify-center rounded bg-black/60 px-2 text-white hover:bg-black/80 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white"
        >
          <BellIcon off={snoozed} />
        </button>
      }
      props={{ camera, snoozed, timeZone }}
    />
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
