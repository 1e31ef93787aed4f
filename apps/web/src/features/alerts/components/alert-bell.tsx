import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast-context.ts';
import { LazyMenu } from '../../../components/ui/lazy-menu.tsx';
import { TOPIC_EVENTS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { type AlertItem, badgeText, eventLink, freshAlerts } from '../alert-model.ts';
import { alertsKey, alertsQuery, useMarkRead } from '../api.ts';
import '../translations.ts';
import { BellIcon } from './bell-icon.tsx';

// The list (Radix and its items) loads when the bell is first opened; the count and toasts do not wait for it.
const loadMenu = () => import('./alert-menu.tsx').then((m) => m.AlertMenu);

/**
 * The alert center: the unread count on a bell in the app bar, the latest alerts with
 * their thumbnails, live over the realtime stream, and a toast on any page when one arrives.
 * Per person and workspace (the server keeps what each person read).
 */
export function AlertBell() {
  const { t } = useTranslation();
  const session = useSession();
  const timeZone = session.me?.user.preferences.timezone ?? 'UTC';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const markRead = useMarkRead();
  const { data } = useQuery(alertsQuery);
  useRealtimeEvent(TOPIC_EVENTS, () => void queryClient.invalidateQueries({ queryKey: alertsKey }));

  const seen = useRef(new Set<string>());
  const first = useRef(true);
  const label = (a: AlertItem) =>
    t('alerts.itemText', { kind: t(`alerts.kind.${a.kind}`), camera: a.cameraName ?? t('alerts.workspace') });

  const open = (a: AlertItem) => {
    if (!a.read) markRead.mutate({ ids: [a.id] });
    navigate(eventLink(a.id));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: announces each new answer once.
  useEffect(() => {
    if (!data) return;
    const fresh = freshAlerts(data.items, seen.current, first.current);
    first.current = false;
    for (const a of fresh)
      toast({
        kind: 'info',
        text: label(a),
        imageUrl: a.thumbnailUrl,
        action: { label: t('alerts.view'), href: eventLink(a.id), onNavigate: () => open(a) },
      });
  }, [data]);

  const unread = data?.unread ?? 0;
  const badge = badgeText(unread);
  const items = data?.items ?? [];
  return (
    <LazyMenu
      load={loadMenu}
      trigger={<BellButton unread={unread} badge={badge} />}
      props={{ items, badge, timeZone, label, open }}
    />
  );
}

/** The bell: the same element before the list's code is loaded and as the list's trigger. */
function BellButton({ unread, badge, ...button }: ComponentProps<'button'> & { unread: number; badge: string | null }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      {...button}
      className="relative rounded-full p-2 text-fg hover:bg-sunken"
      aria-label={badge ? t('alerts.bellUnread', { count: unread, shown: badge }) : t('alerts.bell')}
    >
      <BellIcon />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="alert-badge"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-error-fg px-1 text-center text-xs font-semibold leading-5 text-surface"
        >
          {badge}
        </span>
      ) : null}
    </button>
  );
}
