import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast-context.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { TOPIC_EVENTS } from '../../../lib/realtime.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { useRealtimeEvent } from '../../../lib/use-realtime.ts';
import { type AlertItem, badgeText, eventLink, freshAlerts } from '../alert-model.ts';
import { alertsKey, alertsQuery, useMarkRead } from '../api.ts';
import '../translations.ts';
import { MenuContent } from '../../../components/ui/menu-content.tsx';

const itemClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded px-2 py-1.5 text-sm text-fg outline-none data-[highlighted]:bg-sunken';

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * The alert center: the unread count on a bell in the app bar, the latest alerts with
 * their thumbnails, live over the realtime stream, and a toast on any page when one arrives.
 * Per person and workspace (the server keeps what each person read).
 */
export function AlertBell() {
  const { t, i18n } = useTranslation();
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

  const badge = badgeText(data?.unread ?? 0);
  const items = data?.items ?? [];
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="relative rounded-full p-2 text-fg hover:bg-sunken"
        aria-label={badge ? t('alerts.bellUnread', { count: data?.unread ?? 0, shown: badge }) : t('alerts.bell')}
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
      </Menu.Trigger>
      <MenuContent className="w-[min(24rem,calc(100vw-1rem))]">
        <Menu.Label className="flex items-center justify-between px-2 py-2 text-sm font-semibold text-fg">
          {t('alerts.title')}
        </Menu.Label>
        <Menu.Separator className="my-1 h-px bg-line" />
        {items.length === 0 ? (
          <p className="px-2 py-4 text-sm text-muted">{t('alerts.empty')}</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto">
            {items.map((a) => (
              <Menu.Item key={a.id} className={itemClass} onSelect={() => open(a)} data-testid="alert-item">
                {a.thumbnailUrl ? (
                  <img src={a.thumbnailUrl} alt="" className="h-9 w-16 shrink-0 rounded object-cover" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-16 shrink-0 items-center justify-center rounded bg-sunken text-muted"
                  >
                    <BellIcon />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className={cn('block truncate', !a.read && 'font-semibold')}>
                    {label(a)}
                    {a.read ? null : <span className="sr-only"> ({t('alerts.unread')})</span>}
                  </span>
                  <span className="block text-xs text-muted">{formatDateTime(a.startAt, timeZone, i18n.language)}</span>
                </span>
                {a.read ? null : <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-primary" />}
              </Menu.Item>
            ))}
          </div>
        )}
        <Menu.Separator className="my-1 h-px bg-line" />
        <div className="flex gap-1">
          <Menu.Item
            className={cn(itemClass, 'min-h-10 flex-1 justify-center')}
            disabled={!badge}
            onSelect={() => markRead.mutate({ all: true })}
          >
            {t('alerts.markAllRead')}
          </Menu.Item>
          <Menu.Item
            className={cn(itemClass, 'min-h-10 flex-1 justify-center')}
            onSelect={() => navigate('/viewer/events')}
          >
            {t('alerts.allEvents')}
          </Menu.Item>
        </div>
      </MenuContent>
    </Menu.Root>
  );
}
